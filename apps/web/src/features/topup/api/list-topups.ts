import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethod, TopupStatus } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface TopupListParams {
  page: number;
  limit: number;
  search: string;
  status?: TopupStatus;
  method?: PaymentMethod;
}

export function listTopups(params: TopupListParams) {
  return api.call('GET /log/list-topup', { query: params });
}

/** GET /api/log/list-topup (paged; docs/wire-contract.md#paging: 25 a page from page 1). */
export const topupsQueryOptions = (params: TopupListParams) =>
  queryOptions({
    queryKey: [...queryRoots.topups, 'list', params],
    queryFn: () => listTopups(params),
    placeholderData: keepPreviousData,
  });

export function useTopups(params: TopupListParams) {
  return useQuery(topupsQueryOptions(params));
}
