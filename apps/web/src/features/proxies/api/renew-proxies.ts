import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api, type CallBody } from '@/lib/api-client';
import type { ProxyType } from './list-proxies';

export type RenewProxiesInput = { type: ProxyType } & CallBody<'PUT /v6-proxy/renew-list-proxy'>;

export function renewProxies({ type, ...body }: RenewProxiesInput) {
  return api.call(`PUT /${type}-proxy/renew-list-proxy`, { body });
}

/** PUT /api/{v6,v4}-proxy/renew-list-proxy (retail proxies; package ones renew with their package). */
export function useRenewProxies() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: renewProxies, onSuccess: refresh });
}
