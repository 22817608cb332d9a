import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProxyStatus } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface KeyListParams {
  page: number;
  limit: number;
  search: string;
  status?: ProxyStatus;
  tagId?: string;
}

export function listKeys(params: KeyListParams) {
  return api.call('GET /key/list-key-me', { query: params });
}

/** GET /api/key/list-key-me?page&limit&search&status&tagId (paged) */
export const keysQueryOptions = (params: KeyListParams) =>
  queryOptions({
    queryKey: [...queryRoots.keys, 'list', params],
    queryFn: () => listKeys(params),
    placeholderData: keepPreviousData,
  });

export function useKeys(params: KeyListParams) {
  return useQuery(keysQueryOptions(params));
}
