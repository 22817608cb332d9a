import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';

export function updateKeys(body: { listKeyId: string[]; comment?: string }): Promise<{ ok: true }> {
  return api.put('/key/update-list-key', body);
}

/** PUT /api/key/update-list-key: the comment. */
export function useUpdateKeys() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: updateKeys, onSuccess: refresh });
}
