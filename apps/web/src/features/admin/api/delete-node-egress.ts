import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { nodeEgressQueryKey, type TEgressGroup } from './list-node-egress';

export interface DeleteNodeEgressInput {
  id: string;
  product: Product;
  country: string;
}

export function deleteNodeEgress({ id, ...body }: DeleteNodeEgressInput): Promise<TEgressGroup[]> {
  return api.delete<TEgressGroup[]>(`/sub-server/admin/delete-egress/${id}`, body);
}

/** DELETE /api/sub-server/admin/delete-egress/:id {product, country}: the free addresses go; held ones stay. */
export function useDeleteNodeEgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNodeEgress,
    onSuccess: (groups, { id }) => queryClient.setQueryData(nodeEgressQueryKey(id), groups),
  });
}
