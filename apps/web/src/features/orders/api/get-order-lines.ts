import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_LIMIT, type TKey, type TOrder, type TPage, type TProxy } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { keyLine, proxyLine } from '@/lib/proxy-lines';

/** Every page of a list, MAX_LIMIT rows at a time. */
export async function allPages<T>(fetchPage: (page: number) => Promise<TPage<T>>, enough: (items: T[]) => boolean) {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const res = await fetchPage(page);
    items.push(...res.items);
    if (page >= res.totalPage || enough(items)) {
      return items;
    }
  }
}

/**
 * The lines of what an order bought: `host:port:user:pass` per proxy (GET list-proxy-me?orderId),
 * or `key host:port:user:pass` per rotating key (GET /api/key/list-key-me, which has no orderId
 * filter, so the order's keys are picked out of the user's).
 */
export async function getOrderLines(order: TOrder): Promise<string[]> {
  if (order.product === 'key') {
    const keys = await allPages(
      (page) => api.get<TPage<TKey>>('/key/list-key-me', { query: { page, limit: MAX_LIMIT } }),
      (items) => items.filter((k) => k.orderId === order.id).length >= order.quantity,
    );
    return keys.filter((k) => k.orderId === order.id).map(keyLine);
  }
  const proxies = await allPages(
    (page) =>
      api.get<TPage<TProxy>>(`/${order.product}-proxy/list-proxy-me`, {
        query: { orderId: order.id, page, limit: MAX_LIMIT, sort: 'created_asc' },
      }),
    () => false,
  );
  return proxies.map(proxyLine);
}

export const orderLinesQueryOptions = (order: TOrder) =>
  queryOptions({
    queryKey: [...(order.product === 'key' ? queryRoots.keys : queryRoots.proxies), 'order-lines', order.id],
    queryFn: () => getOrderLines(order),
  });

export function useOrderLines(order: TOrder | undefined) {
  return useQuery({
    ...orderLinesQueryOptions(order ?? ({ id: '', product: 'v6' } as TOrder)),
    // A waiting order has no proxies yet: its lines are fetched once it turns `using` (order.updated).
    enabled: order !== undefined && order.status !== 'waiting',
  });
}
