import { useMutation } from '@tanstack/react-query';
import type { TOrder, TProxy } from '@proxy/contract';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export interface IncreaseAmountInput {
  id: string;
  amount: number;
}

export function increaseAmount({
  id,
  amount,
}: IncreaseAmountInput): Promise<{ order: TOrder; proxies: TProxy[]; cost: number }> {
  return api.put(`/order/increase-amount/${id}`, { amount });
}

/** PUT /api/order/increase-amount/:id: more proxies on a using retail order, until its expiry. */
export function useIncreaseAmount() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: increaseAmount, onSuccess: refresh });
}
