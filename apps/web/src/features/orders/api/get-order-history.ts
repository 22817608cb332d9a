import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getOrderHistory(orderId: string) {
  return api.call('GET /order/bill-order', { query: { orderId } });
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
