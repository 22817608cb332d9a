import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agencyQueryKey } from './get-agency';

/** GET /api/agency/my-stats: the totals. */
export function useAgencyTotals(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...agencyQueryKey, 'my-stats'],
      queryFn: () => api.call('GET /agency/my-stats'),
      enabled,
    }),
  );
}

/** GET /api/agency/stats?from&to: one row per UTC day, empty days included. */
export function useAgencyDailyStats(range: { from: string; to: string }, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...agencyQueryKey, 'stats', range],
      queryFn: () => api.call('GET /agency/stats', { query: range }),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
