import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentConfigQueryKey } from './get-payment-config';

export function updatePublicUrl(publicUrl: string | null) {
  return api.call('PUT /bill/admin/payment-public-url', { body: { publicUrl } });
}

/** PUT /api/bill/admin/payment-public-url {publicUrl}: the base of provider return and webhook URLs. */
export function useUpdatePublicUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublicUrl,
    onSuccess: (config) => queryClient.setQueryData(paymentConfigQueryKey, config),
  });
}
