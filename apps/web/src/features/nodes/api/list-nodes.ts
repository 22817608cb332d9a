import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type CallAnswer } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** A gateway node as GET /api/sub-server/admin/list answers it. */
export type TNode = CallAnswer<'GET /sub-server/admin/list'>[number];

export function listNodes() {
  return api.call('GET /sub-server/admin/list');
}

export const nodesQueryKey = [...queryRoots.admin, 'nodes'] as const;

/** GET /api/sub-server/admin/list (owner only). Refreshed every 30 s: online and traffic change. */
export const nodesQueryOptions = queryOptions({
  queryKey: nodesQueryKey,
  queryFn: listNodes,
  refetchInterval: 30_000,
});

export function useNodes() {
  return useQuery(nodesQueryOptions);
}
