import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface SetOrderAutoRenewInput {
  id: string;
  autoRenew: boolean;
}

export function setOrderAutoRenew({ id, autoRenew }: SetOrderAutoRenewInput) {
  return api.call('PUT /order/auto-renew/:id', { params: { id }, body: { autoRenew } });
}

/** PUT /api/order/auto-renew/:id: also sets it on the order's proxies and keys. */
export function useSetOrderAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderAutoRenew,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
        queryClient.invalidateQueries({ queryKey: queryRoots.proxies }),
        queryClient.invalidateQueries({ queryKey: queryRoots.keys }),
      ]),
  });
}
