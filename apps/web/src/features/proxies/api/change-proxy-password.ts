import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export type ChangeProxyPasswordInput = { type: ProxyType } & CallBody<'PUT /v6-proxy/change-password'>;

export function changeProxyPassword({ type, ...body }: ChangeProxyPasswordInput) {
  return api.call(`PUT /${type}-proxy/change-password`, { body });
}

/** PUT /api/{v6,v4}-proxy/change-password (CHANGE_PASSWORD_TOO_FAST {remainTime}). */
export function useChangeProxyPassword() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: changeProxyPassword, onSuccess: refresh });
}
