import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type CallAnswer } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type TAdminTransaction = CallAnswer<'GET /log/admin/list-transaction'>['items'][number];

export interface AdminTransactionListParams {
  page: number;
  limit: number;
  search: string;
  /** One customer's rows only (the customer page). */
  userId?: string;
}

export function listAdminTransactions(params: AdminTransactionListParams) {
  return api.call('GET /log/admin/list-transaction', { query: params });
}

/** GET /api/log/admin/list-transaction (paged, every user of the site, with their email). */
export const adminTransactionsQueryOptions = (params: AdminTransactionListParams) =>
  queryOptions({
    queryKey: [...queryRoots.admin, 'transactions', params],
    queryFn: () => listAdminTransactions(params),
    placeholderData: keepPreviousData,
  });

export function useAdminTransactions(params: AdminTransactionListParams) {
  return useQuery(adminTransactionsQueryOptions(params));
}
