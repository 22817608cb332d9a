import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { nodeEgressQueryKey } from './list-node-egress';

export type DeleteNodeEgressInput = { id: string } & CallBody<'DELETE /sub-server/admin/delete-egress/:id'>;

export function deleteNodeEgress({ id, ...body }: DeleteNodeEgressInput) {
  return api.call('DELETE /sub-server/admin/delete-egress/:id', { params: { id }, body });
}

/** DELETE /api/sub-server/admin/delete-egress/:id {product, country}: the free addresses go; held ones stay. */
export function useDeleteNodeEgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNodeEgress,
    onSuccess: (groups, { id }) => queryClient.setQueryData(nodeEgressQueryKey(id), groups),
  });
}
