import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export interface IncreaseAmountInput {
  id: string;
  amount: number;
}

export function increaseAmount({ id, amount }: IncreaseAmountInput) {
  return api.call('PUT /order/increase-amount/:id', { params: { id }, body: { amount } });
}

/** PUT /api/order/increase-amount/:id: more proxies on a using retail order, until its expiry. */
export function useIncreaseAmount() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: increaseAmount, onSuccess: refresh });
}
