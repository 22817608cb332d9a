import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTag } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** v6 and v4 proxies and rotating keys each have their own tags. */
export type TagType = TTag['tagType'];

const tagsKey = (tagType: TagType) => [...queryRoots.proxies, 'tags', tagType] as const;

/** GET /api/tag/list-tags?tagType (with how many proxies or keys each has). */
export const tagsQueryOptions = (tagType: TagType) =>
  queryOptions({
    queryKey: tagsKey(tagType),
    queryFn: () => api.call('GET /tag/list-tags', { query: { tagType } }),
  });

/** The tags of `tagType`, fetched only while `enabled` (a screen that shows no such proxies needs none). */
export function useTags(tagType: TagType, enabled = true) {
  return useQuery({ ...tagsQueryOptions(tagType), enabled });
}

/** Tags and the lists they filter change together (counts, a deleted tag's rows). */
function useRefreshTagged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.proxies }),
      queryClient.invalidateQueries({ queryKey: queryRoots.keys }),
    ]);
}

/** POST /api/tag/create-tag?tagType, POST update-tag/:id, DELETE delete-tag/:id. */
export function useTagEdits(tagType: TagType) {
  const onSuccess = useRefreshTagged();
  return {
    create: useMutation({
      mutationFn: (tagName: string) => api.call('POST /tag/create-tag', { body: { tagName }, query: { tagType } }),
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: ({ id, tagName }: { id: string; tagName: string }) =>
        api.call('POST /tag/update-tag/:id', { params: { id }, body: { tagName } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.call('DELETE /tag/delete-tag/:id', { params: { id } }),
      onSuccess,
    }),
  };
}

export interface TagItemsInput {
  tagId: string;
  ids: string[];
  untag: boolean;
}

/**
 * Tags or untags the chosen rows: /api/{v6,v4}-proxy/tag-proxy/:tagId (untag-proxy) with
 * listProxyId, or /api/key/tag-key/:tagId (untag-key) with listKeyId.
 */
export function useTagItems(tagType: TagType) {
  const onSuccess = useRefreshTagged();
  return useMutation({
    mutationFn: ({ tagId, ids, untag }: TagItemsInput) =>
      tagType === 'key'
        ? api.call(untag ? 'PUT /key/untag-key/:id' : 'POST /key/tag-key/:id', {
            params: { id: tagId },
            body: { listKeyId: ids },
          })
        : api.call(untag ? `PUT /${tagType}-proxy/untag-proxy/:id` : `POST /${tagType}-proxy/tag-proxy/:id`, {
            params: { id: tagId },
            body: { listProxyId: ids },
          }),
    onSuccess,
  });
}
