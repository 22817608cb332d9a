import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api, type CallBody } from '@/lib/api-client';

export function renewKeys(body: CallBody<'PUT /key/renew-list-key'>) {
  return api.call('PUT /key/renew-list-key', { body });
}

/** PUT /api/key/renew-list-key, at the key retail prices. */
export function useRenewKeys() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: renewKeys, onSuccess: refresh });
}
