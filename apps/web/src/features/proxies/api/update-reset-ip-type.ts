import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export type UpdateResetIpTypeInput = { type: ProxyType } & CallBody<'POST /v6-proxy/update-reset-ip-type'>;

export function updateResetIpType({ type, ...body }: UpdateResetIpTypeInput) {
  return api.call(`POST /${type}-proxy/update-reset-ip-type`, { body });
}

/** POST /api/{v6,v4}-proxy/update-reset-ip-type: auto every 15–1000 minutes, or manual. */
export function useUpdateResetIpType() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: updateResetIpType, onSuccess: refresh });
}
