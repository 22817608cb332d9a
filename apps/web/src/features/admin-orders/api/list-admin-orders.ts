import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus, TOrder } from '@proxy/contract';
import type { OrderType } from '@/components/order-filters';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type TAdminOrder = TOrder & { userId: string; email: string };

export interface AdminOrderListParams {
  page: number;
  limit: number;
  search: string;
  status?: OrderStatus;
  type?: OrderType;
  /** One customer's rows only (the customer page). */
  userId?: string;
}

export function listAdminOrders(params: AdminOrderListParams) {
  return api.call('GET /order/admin/list-order', { query: params });
}

/** GET /api/order/admin/list-order (paged, the site's orders of every user). */
export function useAdminOrders(params: AdminOrderListParams) {
  return useQuery(
    queryOptions({
      queryKey: [...queryRoots.admin, 'orders', params],
      queryFn: () => listAdminOrders(params),
      placeholderData: keepPreviousData,
    }),
  );
}
