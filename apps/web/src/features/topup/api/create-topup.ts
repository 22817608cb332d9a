import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod, TTopupDetail } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The create call of each method (docs/wire-contract.md#top-ups); all take {amount} in coins. */
const CREATE_PATHS: Record<PaymentMethod, string> = {
  bank: '/user/bank-create-order',
  paypal: '/user/paypal-create-order',
  card: '/user/payment-credit-card',
  momo: '/user/momo-create-order',
  perfectmoney: '/user/perfect-money-create-order',
  usdt: '/user/usdt-create-order',
  bytepay: '/user/bytepay-create-order',
  tazapay: '/user/tazapay-create-order',
};

export interface CreateTopupInput {
  method: PaymentMethod;
  amount: number;
  /** Tazapay only: the payer's ISO country, for its local methods. */
  country?: string;
}

export function createTopup({ method, amount, country }: CreateTopupInput): Promise<TTopupDetail> {
  return api.post<TTopupDetail>(CREATE_PATHS[method], method === 'tazapay' ? { amount, country } : { amount });
}

/**
 * POST /api/user/<method>-create-order: a pending top-up and what the payer does next. The form
 * shows BANKING_AMOUNT_NOT_ENOUGH {minAmount} beside the amount, so errors are handled there.
 */
export function useCreateTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopup,
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.topups }),
  });
}
