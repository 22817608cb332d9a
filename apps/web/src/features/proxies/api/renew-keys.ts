import { useMutation } from '@tanstack/react-query';
import type { Period } from '@proxy/contract';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export function renewKeys(body: { listKeyId: string[]; period: Period }): Promise<{ cost: number }> {
  return api.put('/key/renew-list-key', body);
}

/** PUT /api/key/renew-list-key, at the key retail prices. */
export function useRenewKeys() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: renewKeys, onSuccess: refresh });
}
