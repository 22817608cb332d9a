import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export type UpdateProxiesInput = { type: ProxyType } & CallBody<'PUT /v6-proxy/update-list-proxy'>;

export function updateProxies({ type, ...body }: UpdateProxiesInput) {
  return api.call(`PUT /${type}-proxy/update-list-proxy`, { body });
}

/** PUT /api/{v6,v4}-proxy/update-list-proxy: comment and/or auto-renew. */
export function useUpdateProxies() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: updateProxies, onSuccess: refresh });
}
