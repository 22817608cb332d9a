import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PROXY_SORTS, ProxyStatus } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type ProxyType = 'v6' | 'v4';
export type ProxySort = (typeof PROXY_SORTS)[number];

export interface ProxyListParams {
  page: number;
  limit: number;
  search: string;
  status?: ProxyStatus;
  country?: string;
  sort: ProxySort;
  tagId?: string;
}

export function listProxies(type: ProxyType, params: ProxyListParams) {
  return api.call(`GET /${type}-proxy/list-proxy-me`, { query: params });
}

/** GET /api/{v6,v4}-proxy/list-proxy-me?page&limit&search&status&country&sort&tagId (paged) */
export const proxiesQueryOptions = (type: ProxyType, params: ProxyListParams) =>
  queryOptions({
    queryKey: [...queryRoots.proxies, type, 'list', params],
    queryFn: () => listProxies(type, params),
    placeholderData: keepPreviousData,
  });

export function useProxies(type: ProxyType, params: ProxyListParams) {
  return useQuery(proxiesQueryOptions(type, params));
}
