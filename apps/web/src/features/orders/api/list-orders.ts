import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus, ORDER_TYPES } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type OrderType = (typeof ORDER_TYPES)[number];

export interface OrderListParams {
  page: number;
  limit: number;
  search: string;
  status?: OrderStatus;
  type?: OrderType;
}

export function listOrders(params: OrderListParams) {
  return api.call('GET /order/list-order', { query: params });
}

export const ordersQueryKey = [...queryRoots.orders, 'list'] as const;

/** GET /api/order/list-order?status&type&page&limit&search (paged) */
export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ordersQueryKey, params],
    queryFn: () => listOrders(params),
    placeholderData: keepPreviousData,
  });

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}
