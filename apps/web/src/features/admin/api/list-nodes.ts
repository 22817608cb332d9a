import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** A gateway node as GET /api/sub-server/admin/list answers it (not yet a contract schema). */
export interface TNode {
  id: string;
  name: string;
  host: string;
  status: 'active' | 'disabled';
  portFrom: number;
  portTo: number;
  ipv6Prefix: string | null;
  lastSeenAt: string | null;
  online: boolean;
  proxies: number;
  freePorts: number;
  trafficBytes: number;
}

export function listNodes(): Promise<TNode[]> {
  return api.get<TNode[]>('/sub-server/admin/list');
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
