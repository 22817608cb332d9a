import { useMutation } from '@tanstack/react-query';
import type { ZResetIpResponse } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export interface ResetIpInput {
  type: ProxyType;
  listProxyId: string[];
}

export function resetIp({ type, ...body }: ResetIpInput): Promise<z.infer<typeof ZResetIpResponse>> {
  return api.post(`/${type}-proxy/reset-ip-manual`, body);
}

/** POST /api/{v6,v4}-proxy/reset-ip-manual: a new egress now (RESET_TOO_FAST {remainTime}). */
export function useResetIp() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: resetIp, onSuccess: refresh });
}
