import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';
import type { ProxyType } from './list-proxies';

export interface UpdateProxiesInput {
  type: ProxyType;
  listProxyId: string[];
  comment?: string;
  autoRenew?: boolean;
}

export function updateProxies({ type, ...body }: UpdateProxiesInput): Promise<{ ok: true }> {
  return api.put(`/${type}-proxy/update-list-proxy`, body);
}

/** PUT /api/{v6,v4}-proxy/update-list-proxy: comment and/or auto-renew. */
export function useUpdateProxies() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: updateProxies, onSuccess: refresh });
}
