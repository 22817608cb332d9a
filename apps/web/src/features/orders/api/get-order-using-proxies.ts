import { useQuery } from '@tanstack/react-query';
import { MAX_LIMIT, type TOrder, type TPage, type TProxy } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { allPages } from './get-order-lines';

/**
 * The expiries of a retail order's proxies in use (GET list-proxy-me?orderId&status=using), as the
 * change-country price needs them: renewing single proxies lets them outlive the order's others,
 * and expired ones neither move nor cost anything.
 */
export function useOrderUsingExpiries(order: Pick<TOrder, 'id' | 'product'>) {
  return useQuery({
    queryKey: [...queryRoots.proxies, 'order-using-expiries', order.id],
    queryFn: async () => {
      const proxies = await allPages(
        (page) =>
          api.get<TPage<TProxy>>(`/${order.product}-proxy/list-proxy-me`, {
            query: { orderId: order.id, status: 'using', page, limit: MAX_LIMIT },
          }),
        () => false,
      );
      return proxies.map((p) => p.expiresAt);
    },
  });
}
