import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { refreshSiteInfo } from '@/lib/site-info';

export const promotionsQueryKey = [...queryRoots.admin, 'promotions'] as const;

/** GET /api/promotion/list (paged, newest first). */
export const promotionsQueryOptions = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...promotionsQueryKey, 'list', params],
    queryFn: () => api.call('GET /promotion/list', { query: params }),
    placeholderData: keepPreviousData,
  });

export function usePromotions(params: { page: number; limit: number }) {
  return useQuery(promotionsQueryOptions(params));
}

/** GET /api/promotion/stats?promotionId: bonus coins, top-ups and users per tier. */
export function usePromotionStats(promotionId: string | null) {
  return useQuery({
    queryKey: [...promotionsQueryKey, 'stats', promotionId],
    queryFn: () => api.call('GET /promotion/stats', { query: { promotionId: promotionId ?? undefined } }),
    enabled: promotionId !== null,
  });
}

export type SavePromotionInput =
  | { id?: undefined; body: CallBody<'POST /promotion/add'> }
  | { id: string; body: CallBody<'PUT /promotion/update/:id'> };

/** POST /api/promotion/add, or PUT /api/promotion/update/:id when `id` is given. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePromotionInput) =>
      input.id === undefined
        ? api.call('POST /promotion/add', { body: input.body })
        : api.call('PUT /promotion/update/:id', { params: { id: input.id }, body: input.body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: promotionsQueryKey }),
        // The dashboard notice and the top-up page read the running promotion from the site info.
        refreshSiteInfo(),
      ]);
    },
  });
}
