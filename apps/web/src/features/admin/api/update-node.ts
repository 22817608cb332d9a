import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { NodeFields } from './create-node';
import { nodesQueryKey, type TNode } from './list-nodes';

export interface UpdateNodeInput extends Partial<NodeFields> {
  id: string;
  status?: TNode['status'];
}

export function updateNode({ id, ...body }: UpdateNodeInput): Promise<{ ok: true }> {
  return api.put<{ ok: true }>(`/sub-server/admin/update/${id}`, body);
}

/** PUT /api/sub-server/admin/update/:id {name?, host?, status?, portFrom?, portTo?, ipv6Prefix?} */
export function useUpdateNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodesQueryKey }),
  });
}
