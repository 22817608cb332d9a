import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export interface SetAuthIpInput {
  type: ProxyType;
  listProxyId: string[];
  authIp: string[];
}

export function setAuthIp({ type, ...body }: SetAuthIpInput): Promise<{ authIp: string[] }> {
  return api.post(`/${type}-proxy/auth-ip`, body);
}

/** POST /api/{v6,v4}-proxy/auth-ip (INVALID_IP, SAME_OLD_AUTH_IP, PROXY_EXPIRED). */
export function useSetAuthIp() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: setAuthIp, onSuccess: refresh });
}
