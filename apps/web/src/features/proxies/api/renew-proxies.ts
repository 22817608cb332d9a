import { useMutation } from '@tanstack/react-query';
import type { Period } from '@proxy/contract';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';
import type { ProxyType } from './list-proxies';

export interface RenewProxiesInput {
  type: ProxyType;
  listProxyId: string[];
  period: Period;
}

export function renewProxies({ type, ...body }: RenewProxiesInput): Promise<{ cost: number }> {
  return api.put(`/${type}-proxy/renew-list-proxy`, body);
}

/** PUT /api/{v6,v4}-proxy/renew-list-proxy (retail proxies; package ones renew with their package). */
export function useRenewProxies() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: renewProxies, onSuccess: refresh });
}
