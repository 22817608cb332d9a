import { useMutation } from '@tanstack/react-query';
import type { ZUpdateResetIpTypeRequest } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export type UpdateResetIpTypeInput = { type: ProxyType } & z.infer<typeof ZUpdateResetIpTypeRequest>;

export function updateResetIpType({ type, ...body }: UpdateResetIpTypeInput): Promise<{ ok: true }> {
  return api.post(`/${type}-proxy/update-reset-ip-type`, body);
}

/** POST /api/{v6,v4}-proxy/update-reset-ip-type: auto every 15–1000 minutes, or manual. */
export function useUpdateResetIpType() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: updateResetIpType, onSuccess: refresh });
}
