import { useMutation } from '@tanstack/react-query';
import { api, type CallAnswer } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';

export type TNewIp = CallAnswer<'POST /key/get-new-ip'>;

/** The key authenticates the call by itself (no bearer needed); authIp optionally restricts the new line. */
export function getNewIp({ key, authIp }: { key: string; authIp?: string }) {
  return api.call('POST /key/get-new-ip', { body: authIp ? { authIp } : {}, query: { keyRotate: key } });
}

/** POST /api/key/get-new-ip?keyRotate= (GET_IP_TOO_FAST {remainTime}, docs/wire-contract.md#keys). */
export function useGetNewIp() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: getNewIp, onSuccess: refresh });
}
