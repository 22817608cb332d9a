import { useMutation, useQuery } from '@tanstack/react-query';
import { MAX_LIMIT, type Period, type TOrder, type TPage, type TProxy } from '@proxy/contract';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { allPages } from './get-order-lines';

/** A live retail order's proxies in use (GET list-proxy-me?orderId&status=using): what renewing it prolongs. */
export function useOrderLiveProxies(order: Pick<TOrder, 'id' | 'product'>) {
  return useQuery({
    queryKey: [...queryRoots.proxies, 'order-live', order.id],
    queryFn: () =>
      allPages(
        (page) =>
          api.get<TPage<TProxy>>(`/${order.product}-proxy/list-proxy-me`, {
            query: { orderId: order.id, status: 'using', page, limit: MAX_LIMIT },
          }),
        () => false,
      ),
  });
}

export interface RenewOrderProxiesInput {
  product: 'v6' | 'v4';
  listProxyId: string[];
  period: Period;
}

/**
 * PUT /api/{v6,v4}-proxy/renew-list-proxy for a live order's proxies: they keep their addresses
 * and gain the period from their own expiry (docs/money.md#renewals).
 */
export function useRenewOrderProxies() {
  const refresh = useRefreshAfterCharge();
  return useMutation({
    mutationFn: ({ product, ...body }: RenewOrderProxiesInput) =>
      api.call(`PUT /${product}-proxy/renew-list-proxy`, { body }),
    onSuccess: refresh,
  });
}
