import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointKey, PaymentMethod } from '@proxy/contract';
import { api, type CallBody } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The create call of each method but Tazapay (docs/wire-contract.md#top-ups): each takes {amount} in coins. */
const CREATE_KEYS = {
  bank: 'POST /user/bank-create-order',
  paypal: 'POST /user/paypal-create-order',
  card: 'POST /user/payment-credit-card',
  momo: 'POST /user/momo-create-order',
  perfectmoney: 'POST /user/perfect-money-create-order',
  usdt: 'POST /user/usdt-create-order',
  bytepay: 'POST /user/bytepay-create-order',
} as const satisfies Record<Exclude<PaymentMethod, 'tazapay'>, EndpointKey>;

/** The method, and its create call's body; `country` (the payer's, for its local methods) is Tazapay's only. */
export type CreateTopupInput = { method: PaymentMethod } & CallBody<'POST /user/bank-create-order'> &
  Partial<Pick<CallBody<'POST /user/tazapay-create-order'>, 'country'>>;

export function createTopup({ method, amount, country }: CreateTopupInput) {
  // The form checks the country first; without one the server answers VALIDATION_ERROR.
  return method === 'tazapay'
    ? api.call('POST /user/tazapay-create-order', { body: { amount, country: country ?? '' } })
    : api.call(CREATE_KEYS[method], { body: { amount } });
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
