import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';

export interface SetKeysAutoRenewInput {
  listKeyId: string[];
  autoRenew: boolean;
}

export function setKeysAutoRenew({ listKeyId, autoRenew }: SetKeysAutoRenewInput) {
  return api.call(autoRenew ? 'PUT /key/turn-on-auto-renew-key' : 'PUT /key/turn-off-auto-renew-key', {
    body: { listKeyId },
  });
}

/** PUT /api/key/turn-on-auto-renew-key and turn-off-auto-renew-key. */
export function useSetKeysAutoRenew() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: setKeysAutoRenew, onSuccess: refresh });
}
