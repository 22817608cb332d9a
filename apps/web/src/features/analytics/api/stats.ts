import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type CallQuery } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

const statsKey = [...queryRoots.admin, 'stats'] as const;

/** GET /api/stats/admin/get-total-stats (the overview). */
export function useTotalStats() {
  return useQuery({
    queryKey: [...statsKey, 'total'],
    queryFn: () => api.call('GET /stats/admin/get-total-stats'),
    refetchInterval: 60_000,
  });
}

export type StatsRange = CallQuery<'GET /stats/admin/get-stats-daily'>;

/** GET /api/stats/admin/get-stats-daily?from&to (UTC days, both included). */
export function useStatsDaily(range: StatsRange) {
  return useQuery({
    queryKey: [...statsKey, 'daily', range],
    queryFn: () => api.call('GET /stats/admin/get-stats-daily', { query: range }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stats/admin/get-stats-breakdown?from&to. */
export function useStatsBreakdown(range: StatsRange) {
  return useQuery({
    queryKey: [...statsKey, 'breakdown', range],
    queryFn: () => api.call('GET /stats/admin/get-stats-breakdown', { query: range }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stats/admin/stock. */
export function useStock() {
  return useQuery({ queryKey: [...statsKey, 'stock'], queryFn: () => api.call('GET /stats/admin/stock') });
}
