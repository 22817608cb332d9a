import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { nodesQueryKey } from './list-nodes';

export type UpdateNodeInput = { id: string } & CallBody<'PUT /sub-server/admin/update/:id'>;

export function updateNode({ id, ...body }: UpdateNodeInput) {
  return api.call('PUT /sub-server/admin/update/:id', { params: { id }, body });
}

/** PUT /api/sub-server/admin/update/:id {name?, host?, status?, portFrom?, portTo?, ipv6Prefix?} */
export function useUpdateNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodesQueryKey }),
  });
}
