import { useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/lib/auth';
import { queryRoots } from '@/lib/query-keys';

/** After any purchase: the balance in the top bar (GET /api/user/me) and the user's lists are stale. */
export function useAfterPurchase() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
      queryClient.invalidateQueries({ queryKey: queryRoots.proxies }),
      queryClient.invalidateQueries({ queryKey: queryRoots.keys }),
    ]);
}
