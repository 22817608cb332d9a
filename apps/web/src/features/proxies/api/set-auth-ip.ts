import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export type SetAuthIpInput = { type: ProxyType } & CallBody<'POST /v6-proxy/auth-ip'>;

export function setAuthIp({ type, ...body }: SetAuthIpInput) {
  return api.call(`POST /${type}-proxy/auth-ip`, { body });
}

/** POST /api/{v6,v4}-proxy/auth-ip (INVALID_IP, SAME_OLD_AUTH_IP, PROXY_EXPIRED). */
export function useSetAuthIp() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: setAuthIp, onSuccess: refresh });
}
