import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@proxy/contract';
import { api, type CallBody } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { paymentConfigQueryKey } from './get-payment-config';

/**
 * A method and its settings: `enabled`, plain values (null clears) and secrets (a string sets, null
 * clears, absent keeps), each method's fields its own.
 */
export type UpdatePaymentMethodInput = {
  [M in PaymentMethod]: { method: M; body: CallBody<`PUT /bill/admin/payment-methods/${M}`> };
}[PaymentMethod];

export function updatePaymentMethod({ method, body }: UpdatePaymentMethodInput) {
  return api.call(`PUT /bill/admin/payment-methods/${method}`, { body });
}

/** PUT /api/bill/admin/payment-methods/:method; the answer is the whole configuration again. */
export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    // The form shows VALIDATION_ERROR issues beside their fields.
    meta: { silentError: true },
    onSuccess: (config) => {
      queryClient.setQueryData(paymentConfigQueryKey, config);
      // The top-up page's list of methods comes from get-bill.
      return queryClient.invalidateQueries({ queryKey: queryRoots.bill });
    },
  });
}
