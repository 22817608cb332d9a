import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTopupDetail } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * DELETE /api/user/cancle-payment-credit/:id. A top-up already paid at the provider is credited
 * instead (409 PAYMENT_ALREADY_DONE).
 */
export function cancelTopup(id: string): Promise<TTopupDetail> {
  return api.delete<TTopupDetail>(`/user/cancle-payment-credit/${encodeURIComponent(id)}`);
}

export function useCancelTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTopup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.topups }),
  });
}
