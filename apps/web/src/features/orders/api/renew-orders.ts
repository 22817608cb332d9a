import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api, type CallBody } from '@/lib/api-client';

export type RenewOrdersInput = CallBody<'PUT /order/renew-list-order'>;

export function renewOrders(body: RenewOrdersInput) {
  return api.call('PUT /order/renew-list-order', { body });
}

/** PUT /api/order/renew-list-order: all the chosen orders or none. */
export function useRenewOrders() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: renewOrders, onSuccess: refresh });
}
