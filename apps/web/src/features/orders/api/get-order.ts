import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getOrder(id: string) {
  return api.call('GET /order/detail/:id', { params: { id } });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...queryRoots.orders, 'detail', id], queryFn: () => getOrder(id) });

/** GET /api/order/detail/:id */
export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
