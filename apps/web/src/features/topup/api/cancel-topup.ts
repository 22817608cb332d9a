import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * DELETE /api/user/cancle-payment-credit/:id. A top-up already paid at the provider is credited
 * instead (409 PAYMENT_ALREADY_DONE).
 */
export function cancelTopup(id: string) {
  return api.call('DELETE /user/cancle-payment-credit/:id', { params: { id } });
}

export function useCancelTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTopup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.topups }),
  });
}
