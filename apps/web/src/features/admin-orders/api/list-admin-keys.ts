import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TKey } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type TAdminKey = TKey & { userId: string; email: string };

export interface AdminKeyListParams {
  page: number;
  limit: number;
  search: string;
  /** One customer's rows only (the customer page). */
  userId?: string;
}

export function listAdminKeys(params: AdminKeyListParams) {
  return api.call('GET /key/admin/list-key-all', { query: params });
}

/** GET /api/key/admin/list-key-all (paged, the site's rotating keys of every user). */
export function useAdminKeys(params: AdminKeyListParams) {
  return useQuery(
    queryOptions({
      queryKey: [...queryRoots.admin, 'keys', params],
      queryFn: () => listAdminKeys(params),
      placeholderData: keepPreviousData,
    }),
  );
}
