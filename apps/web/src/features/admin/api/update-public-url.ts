import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPaymentConfig } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { paymentConfigQueryKey } from './get-payment-config';

export function updatePublicUrl(publicUrl: string | null): Promise<TPaymentConfig> {
  return api.put<TPaymentConfig>('/bill/admin/payment-public-url', { publicUrl });
}

/** PUT /api/bill/admin/payment-public-url {publicUrl}: the base of provider return and webhook URLs. */
export function useUpdatePublicUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublicUrl,
    onSuccess: (config) => queryClient.setQueryData(paymentConfigQueryKey, config),
  });
}
