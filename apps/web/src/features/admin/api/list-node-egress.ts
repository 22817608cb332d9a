import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { nodesQueryKey } from './list-nodes';

/** One egress group of a node: the addresses of one product and country. */
export interface TEgressGroup {
  product: Product;
  country: string;
  family: number;
  kind: 'pool' | 'prefix' | 'shared';
  total: number;
  held: number;
  sample: string;
}

export function listNodeEgress(id: string): Promise<TEgressGroup[]> {
  return api.get<TEgressGroup[]>(`/sub-server/admin/egress/${id}`);
}

export const nodeEgressQueryKey = (id: string) => [...nodesQueryKey, 'egress', id] as const;

/** GET /api/sub-server/admin/egress/:id */
export const nodeEgressQueryOptions = (id: string) =>
  queryOptions({ queryKey: nodeEgressQueryKey(id), queryFn: () => listNodeEgress(id) });

export function useNodeEgress(id: string) {
  return useQuery(nodeEgressQueryOptions(id));
}
