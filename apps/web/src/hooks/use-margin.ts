import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type CallAnswer, type CallQuery } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type MarginRange = CallQuery<'GET /stats/admin/margin'>;
export type TMarginAnswer = CallAnswer<'GET /stats/admin/margin'>;

/**
 * GET /api/stats/admin/margin?from&to: revenue, upstream cost and margin of supplier proxies, per
 * supplier, day and country, for the Suppliers page's margin tab and the analytics margin card.
 * Under the admin root, which the Suppliers page's changes that move the margin refresh.
 */
export function useMargin(range: MarginRange, enabled: boolean) {
  return useQuery({
    queryKey: [...queryRoots.admin, 'stats', 'margin', range],
    queryFn: () => api.call('GET /stats/admin/margin', { query: range }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
