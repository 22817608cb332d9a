import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Period, TKey, TProxy } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

const orderRoot = (id: string) => [...queryRoots.admin, 'order', id] as const;

/** GET /api/order/admin/detail/:id */
export function useAdminOrder(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...orderRoot(id), 'detail'],
      queryFn: () => api.call('GET /order/admin/detail/:id', { params: { id } }),
    }),
  );
}

/** GET /api/order/admin/bill-order?orderId= (newest first). */
export function useAdminOrderLog(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...orderRoot(id), 'log'],
      queryFn: () => api.call('GET /order/admin/bill-order', { query: { orderId: id } }),
    }),
  );
}

export interface OrderItemsPage {
  proxies: TProxy[];
  keys: TKey[];
  total: number;
  page: number;
  limit: number;
}

/** GET /api/order/admin/list-unit: the order's proxies, or its keys, server-paged. */
export function useAdminOrderItems(id: string, page: number, limit: number) {
  return useQuery(
    queryOptions({
      queryKey: [...orderRoot(id), 'items', page, limit],
      queryFn: () => api.call('GET /order/admin/list-unit', { query: { orderId: id, page, limit } }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** PUT /api/order/admin/extend/:id (free). */
export function useExtendOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: Period) => api.call('PUT /order/admin/extend/:id', { params: { id }, body: { period } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.admin }),
  });
}

/** PUT /api/order/admin/cancel/:id: refunds `amount` once. */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => api.call('PUT /order/admin/cancel/:id', { params: { id }, body: { amount } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.admin }),
  });
}

/** GET /api/order/admin/list-proxy?userId: one customer's proxies, server-paged. */
export function useAdminUserProxies(params: { userId: string; page: number; limit: number }) {
  return useQuery(
    queryOptions({
      queryKey: [...queryRoots.admin, 'user-proxies', params],
      queryFn: () => api.call('GET /order/admin/list-proxy', { query: params }),
      placeholderData: keepPreviousData,
    }),
  );
}
