import { useMutation } from '@tanstack/react-query';
import type { Period } from '@proxy/contract';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export interface RenewOrderInput {
  id: string;
  /** Retail orders only; a package or key order renews by its package. */
  period?: Period;
}

export function renewOrder({ id, period }: RenewOrderInput) {
  return api.call('PUT /order/renew/:id', { params: { id }, body: period ? { period } : {} });
}

/** PUT /api/order/renew/:id (docs/product-rules.md#order-states: expired orders only; ORDER_NOT_EXPIRED otherwise). */
export function useRenewOrder() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: renewOrder, onSuccess: refresh });
}
