import { useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/lib/auth';
import { queryRoots } from '@/lib/query-keys';

/**
 * After anything that charges the balance (a purchase, a renewal, bandwidth): the balance in the
 * top bar (GET /api/user/me), the orders and the proxies and keys they hold are stale.
 */
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
