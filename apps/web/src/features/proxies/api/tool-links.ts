import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallAnswer, type CallBody } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';

export type TProxyLink = CallAnswer<'POST /proxy/links'>[number];
export type CreateListLinkInput = CallBody<'POST /proxy/list-links'>;

/**
 * POST /api/proxy/links {listProxyId}: the change-IP and current-proxy URLs of proxies or keys.
 * Asking again answers the same URLs, so it is what both "create" and "show" call.
 */
export function issueLinks(listProxyId: string[]) {
  return api.call('POST /proxy/links', { body: { listProxyId } });
}

export function useIssueLinks() {
  return useMutation({ mutationFn: issueLinks });
}

/** POST /api/proxy/links/revoke: the old URLs answer 404 from now on. */
export function useRevokeLinks() {
  return useMutation({
    mutationFn: (listProxyId: string[]) => api.call('POST /proxy/links/revoke', { body: { listProxyId } }),
  });
}

const listLinksKey = [...queryRoots.proxies, 'list-links'] as const;

/** GET /api/proxy/list-links: the account's list URLs (at most 50, answered whole) with their fetches. */
export const listLinksQueryOptions = () =>
  queryOptions({
    queryKey: listLinksKey,
    queryFn: () => api.call('GET /proxy/list-links'),
  });

export function useListLinks() {
  return useQuery(listLinksQueryOptions());
}

/** POST /api/proxy/list-links: answers the URL once (only its hash is kept). */
export function useCreateListLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListLinkInput) => api.call('POST /proxy/list-links', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listLinksKey }),
  });
}

/** DELETE /api/proxy/list-links/:id */
export function useDeleteListLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('DELETE /proxy/list-links/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listLinksKey }),
  });
}

/** POST /api/v6-proxy/update-ipv4-fallback {listProxyId, enabled} */
export function useUpdateIpv4Fallback() {
  const refresh = useRefreshProxies();
  return useMutation({
    mutationFn: (body: CallBody<'POST /v6-proxy/update-ipv4-fallback'>) =>
      api.call('POST /v6-proxy/update-ipv4-fallback', { body }),
    onSuccess: refresh,
  });
}
