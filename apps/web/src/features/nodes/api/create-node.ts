import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallAnswer, type CallBody } from '@/lib/api-client';
import { nodesQueryKey } from './list-nodes';

export type NodeFields = CallBody<'POST /sub-server/admin/create'>;
export type NodeCredentials = CallAnswer<'POST /sub-server/admin/create'>;

export function createNode(body: NodeFields) {
  return api.call('POST /sub-server/admin/create', { body });
}

/** POST /api/sub-server/admin/create → {id, secret}; the secret is shown once. */
export function useCreateNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodesQueryKey }),
  });
}
