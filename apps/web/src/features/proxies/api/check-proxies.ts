import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import type { ProxyType } from './list-proxies';

/** One of the user's proxies checked through its own listener. */
export interface ProxyCheck {
  id: string;
  live: boolean;
  latencyMs: number | null;
  egressIp: string | null;
}

export function checkProxies(type: ProxyType, listProxyId: string[]): Promise<ProxyCheck[]> {
  return api.put<ProxyCheck[]>(`/${type}-proxy/check-list-proxy`, { listProxyId });
}

/**
 * PUT /api/{v6,v4}-proxy/check-list-proxy {listProxyId}. It only reads, so it runs as a query:
 * once per opening of the results dialog (not again on a re-render), never cached.
 */
export const checkProxiesQueryOptions = (type: ProxyType, listProxyId: string[]) =>
  queryOptions({
    queryKey: [...queryRoots.proxies, 'check', type, listProxyId],
    queryFn: () => checkProxies(type, listProxyId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function useCheckProxies(type: ProxyType, listProxyId: string[]) {
  return useQuery(checkProxiesQueryOptions(type, listProxyId));
}
