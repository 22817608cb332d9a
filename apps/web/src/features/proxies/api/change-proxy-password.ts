import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export interface ChangeProxyPasswordInput {
  type: ProxyType;
  listProxyId: string[];
  password: string;
}

export function changeProxyPassword({ type, ...body }: ChangeProxyPasswordInput): Promise<{ ok: true }> {
  return api.put(`/${type}-proxy/change-password`, body);
}

/** PUT /api/{v6,v4}-proxy/change-password (CHANGE_PASSWORD_TOO_FAST {remainTime}). */
export function useChangeProxyPassword() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: changeProxyPassword, onSuccess: refresh });
}
