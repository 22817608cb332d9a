import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getOrder(id: string) {
  return api.call('GET /order/detail/:id', { params: { id } });
}

/** While an order waits for an upstream supplier, it is refetched now and then too, in case the realtime stream is down. */
const WAITING_REFETCH_MS = 15_000;

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'detail', id],
    queryFn: () => getOrder(id),
    refetchInterval: (query) => (query.state.data?.status === 'waiting' ? WAITING_REFETCH_MS : false),
  });

/** GET /api/order/detail/:id */
export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
