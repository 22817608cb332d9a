import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethod, TopupStatus } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface AdminTopupListParams {
  page: number;
  limit: number;
  search: string;
  status?: TopupStatus;
  method?: PaymentMethod;
  /** '1': only payments waiting for an admin (held, or unmatched bank transfers). */
  held?: '1';
  /** One customer's rows only (the customer page). */
  userId?: string;
}

export function listAdminTopups(params: AdminTopupListParams) {
  return api.call('GET /bill/admin/list-topup', { query: params });
}

export const adminTopupsQueryKey = [...queryRoots.admin, 'topups'] as const;

/** GET /api/bill/admin/list-topup (paged, the site's top-ups with whose they are). */
export const adminTopupsQueryOptions = (params: AdminTopupListParams) =>
  queryOptions({
    queryKey: [...adminTopupsQueryKey, params],
    queryFn: () => listAdminTopups(params),
    placeholderData: keepPreviousData,
  });

export function useAdminTopups(params: AdminTopupListParams) {
  return useQuery(adminTopupsQueryOptions(params));
}
