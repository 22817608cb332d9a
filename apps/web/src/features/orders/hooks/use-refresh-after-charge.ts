import { useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/lib/auth';
import { queryRoots } from '@/lib/query-keys';

/** After a renewal or a bandwidth purchase: the balance, the orders and what they hold are stale. */
export function useRefreshAfterCharge() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
      queryClient.invalidateQueries({ queryKey: queryRoots.proxies }),
      queryClient.invalidateQueries({ queryKey: queryRoots.keys }),
    ]);
}
