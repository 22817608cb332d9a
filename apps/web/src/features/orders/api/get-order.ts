import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrder } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getOrder(id: string): Promise<TOrder> {
  return api.get<TOrder>(`/order/detail/${id}`);
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...queryRoots.orders, 'detail', id], queryFn: () => getOrder(id) });

/** GET /api/order/detail/:id */
export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
