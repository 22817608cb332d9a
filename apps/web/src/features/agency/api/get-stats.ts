import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAgencyMyStats, TAgencyStats } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { agencyQueryKey } from './get-agency';

/** GET /api/agency/my-stats: the totals. */
export function useAgencyTotals(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...agencyQueryKey, 'my-stats'],
      queryFn: () => api.get<TAgencyMyStats>('/agency/my-stats'),
      enabled,
    }),
  );
}

/** GET /api/agency/stats?from&to: one row per UTC day, empty days included. */
export function useAgencyDailyStats(range: { from: string; to: string }, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...agencyQueryKey, 'stats', range],
      queryFn: () => api.get<TAgencyStats>('/agency/stats', { query: { ...range } }),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
