import { useMutation } from '@tanstack/react-query';
import type { Period } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';

export function renewKeys(body: { listKeyId: string[]; period: Period }): Promise<{ cost: number }> {
  return api.put('/key/renew-list-key', body);
}

/** PUT /api/key/renew-list-key, at the key retail prices. */
export function useRenewKeys() {
  const refresh = useRefreshProxies(true);
  return useMutation({ mutationFn: renewKeys, onSuccess: refresh });
}
