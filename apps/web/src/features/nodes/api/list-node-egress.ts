import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type CallAnswer } from '@/lib/api-client';
import { nodesQueryKey } from './list-nodes';

/** One egress group of a node: the addresses of one product and country. */
export type TEgressGroup = CallAnswer<'GET /sub-server/admin/egress/:id'>[number];

export function listNodeEgress(id: string) {
  return api.call('GET /sub-server/admin/egress/:id', { params: { id } });
}

export const nodeEgressQueryKey = (id: string) => [...nodesQueryKey, 'egress', id] as const;

/** GET /api/sub-server/admin/egress/:id */
export const nodeEgressQueryOptions = (id: string) =>
  queryOptions({ queryKey: nodeEgressQueryKey(id), queryFn: () => listNodeEgress(id) });

export function useNodeEgress(id: string) {
  return useQuery(nodeEgressQueryOptions(id));
}
