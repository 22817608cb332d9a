import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import type { ProxyType } from './list-proxies';

export function checkProxies(type: ProxyType, listProxyId: string[]) {
  return api.call(`PUT /${type}-proxy/check-list-proxy`, { body: { listProxyId } });
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
