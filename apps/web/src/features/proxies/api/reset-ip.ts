import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export type ResetIpInput = { type: ProxyType } & CallBody<'POST /v6-proxy/reset-ip-manual'>;

export function resetIp({ type, ...body }: ResetIpInput) {
  return api.call(`POST /${type}-proxy/reset-ip-manual`, { body });
}

/** POST /api/{v6,v4}-proxy/reset-ip-manual: a new egress now (RESET_TOO_FAST {remainTime}). */
export function useResetIp() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: resetIp, onSuccess: refresh });
}
