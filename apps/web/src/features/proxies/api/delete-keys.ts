import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';

export function deleteKeys(listKeyId: string[]) {
  return api.call('DELETE /key/delete-list-key', { body: { listKeyId } });
}

/** DELETE /api/key/delete-list-key */
export function useDeleteKeys() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: deleteKeys, onSuccess: refresh });
}
