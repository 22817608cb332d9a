import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface TransactionListParams {
  page: number;
  limit: number;
  search: string;
}

export function listTransactions(params: TransactionListParams) {
  return api.call('GET /log/list-transaction', { query: params });
}

/** GET /api/log/list-transaction (paged, searched in content and type). */
export const transactionsQueryOptions = (params: TransactionListParams) =>
  queryOptions({
    queryKey: [...queryRoots.transactions, 'list', params],
    queryFn: () => listTransactions(params),
    placeholderData: keepPreviousData,
  });

export function useTransactions(params: TransactionListParams) {
  return useQuery(transactionsQueryOptions(params));
}
