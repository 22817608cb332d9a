import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { nodeEgressQueryKey, type TEgressGroup } from './list-node-egress';

export interface AddNodeEgressInput {
  id: string;
  product: Product;
  country: string;
  /** One of: IPv4 addresses, an IPv4 CIDR (/20–/32), an IPv6 prefix, or one shared address. */
  ips?: string[];
  cidr?: string;
  prefix?: string;
  shared?: string;
}

export function addNodeEgress({ id, ...body }: AddNodeEgressInput): Promise<TEgressGroup[]> {
  return api.post<TEgressGroup[]>(`/sub-server/admin/add-egress/${id}`, body);
}

/** POST /api/sub-server/admin/add-egress/:id; the answer is the node's groups again. */
export function useAddNodeEgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNodeEgress,
    onSuccess: (groups, { id }) => queryClient.setQueryData(nodeEgressQueryKey(id), groups),
  });
}
