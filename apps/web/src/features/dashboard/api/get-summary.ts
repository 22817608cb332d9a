import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Period, TExpiringGroup } from '@proxy/contract';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * GET /api/dashboard/summary?tzOffset: balance, this month's spend (in the viewer's month), active
 * items and those expiring within 7 days. Under the orders root, so every charge refreshes it.
 */
export const summaryQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'dashboard-summary'],
    queryFn: () => api.call('GET /dashboard/summary', { query: { tzOffset: new Date().getTimezoneOffset() } }),
  });

export function useDashboardSummary() {
  return useQuery(summaryQueryOptions());
}

/** GET /api/order/package-status: the package the user holds and whether the trial was used. */
export const packageStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'package-status'],
    queryFn: () => api.call('GET /order/package-status'),
  });

export function usePackageStatus() {
  return useQuery(packageStatusQueryOptions());
}

/** Renews an expiring group: PUT renew-list-proxy (v6, v4) or renew-list-key, as the proxy list does. */
export function useRenewExpiring() {
  const refresh = useRefreshAfterCharge();
  return useMutation({
    mutationFn: ({ group, period }: { group: TExpiringGroup; period: Period }) =>
      group.product === 'key'
        ? api.call('PUT /key/renew-list-key', { body: { listKeyId: group.ids, period } })
        : api.call(`PUT /${group.product}-proxy/renew-list-proxy`, { body: { listProxyId: group.ids, period } }),
    onSuccess: refresh,
  });
}
