import { useMutation } from '@tanstack/react-query';
import type { ZGetNewIpResponse } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';

export type TNewIp = z.infer<typeof ZGetNewIpResponse>;

/** The key authenticates the call by itself (no bearer needed); authIp optionally restricts the new line. */
export function getNewIp({ key, authIp }: { key: string; authIp?: string }): Promise<TNewIp> {
  return api.post<TNewIp>('/key/get-new-ip', authIp ? { authIp } : {}, { query: { keyRotate: key } });
}

/** POST /api/key/get-new-ip?keyRotate= (GET_IP_TOO_FAST {remainTime}, docs/wire-contract.md#keys). */
export function useGetNewIp() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: getNewIp, onSuccess: refresh });
}
