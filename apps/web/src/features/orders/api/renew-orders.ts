import { useMutation } from '@tanstack/react-query';
import type { Period } from '@proxy/contract';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export interface RenewOrdersInput {
  listOrderId: string[];
  period?: Period;
}

export function renewOrders(body: RenewOrdersInput): Promise<{ ok: true }> {
  return api.put('/order/renew-list-order', body);
}

/** PUT /api/order/renew-list-order: all the chosen orders or none. */
export function useRenewOrders() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: renewOrders, onSuccess: refresh });
}
