import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageStep } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/usage/proxy/:id?step: the step's default range (60 minutes, 24 hours or 30 days), zeros filled. */
export const usageHistoryQueryOptions = (proxyId: string, step: UsageStep) =>
  queryOptions({
    queryKey: [...queryRoots.proxies, 'usage', proxyId, step],
    queryFn: () => api.call('GET /usage/proxy/:id', { params: { id: proxyId }, query: { step } }),
    // The current bucket grows while the proxy is used.
    refetchInterval: step === 'minute' ? 10_000 : 60_000,
  });

export function useUsageHistory(proxyId: string, step: UsageStep) {
  return useQuery(usageHistoryQueryOptions(proxyId, step));
}

/** GET /api/usage/live (SSE): EventSource cannot send headers, so the token rides in the query. */
export function usageLiveUrl(accessToken: string): string {
  return `/api/usage/live?access_token=${encodeURIComponent(accessToken)}`;
}
