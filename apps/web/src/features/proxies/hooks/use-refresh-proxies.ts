import { useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/lib/query-keys';

/** After a change to proxies or keys that costs nothing (a charge refreshes with useRefreshAfterCharge). */
export function useRefreshProxies() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.proxies }),
      queryClient.invalidateQueries({ queryKey: queryRoots.keys }),
    ]);
}
