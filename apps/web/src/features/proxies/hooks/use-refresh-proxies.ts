import { useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/lib/auth';
import { queryRoots } from '@/lib/query-keys';

/** After a change to proxies or keys; `charged` also refreshes the balance and the orders. */
export function useRefreshProxies(charged = false) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.proxies }),
      queryClient.invalidateQueries({ queryKey: queryRoots.keys }),
      ...(charged
        ? [
            queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
            queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
          ]
        : []),
    ]);
}
