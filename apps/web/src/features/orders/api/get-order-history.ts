import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderLog } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getOrderHistory(orderId: string): Promise<TOrderLog[]> {
  return api.get<TOrderLog[]>('/order/bill-order', { query: { orderId } });
}

export const orderHistoryQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'history', orderId],
    queryFn: () => getOrderHistory(orderId),
  });

/** GET /api/order/bill-order?orderId: the order's operation history. */
export function useOrderHistory(orderId: string) {
  return useQuery(orderHistoryQueryOptions(orderId));
}
