import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type CallAnswer, type CallQuery } from '@/lib/api-client';
import { suppliersQueryKey } from './suppliers';

export type MarginRange = CallQuery<'GET /stats/admin/margin'>;
export type TMarginAnswer = CallAnswer<'GET /stats/admin/margin'>;

/** GET /api/stats/admin/margin?from&to: revenue, upstream cost and margin in coins, per supplier, day and country. */
export function useMargin(range: MarginRange, enabled: boolean) {
  return useQuery({
    queryKey: [...suppliersQueryKey, 'margin', range],
    queryFn: () => api.call('GET /stats/admin/margin', { query: range }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
