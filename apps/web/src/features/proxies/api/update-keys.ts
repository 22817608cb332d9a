import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { useRefreshProxies } from '../hooks/use-refresh-proxies';

export function updateKeys(body: CallBody<'PUT /key/update-list-key'>) {
  return api.call('PUT /key/update-list-key', { body });
}

/** PUT /api/key/update-list-key: the comment. */
export function useUpdateKeys() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: updateKeys, onSuccess: refresh });
}
