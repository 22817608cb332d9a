import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPage,
  TPromotion,
  TPromotionCreateRequest,
  TPromotionStats,
  TPromotionUpdateRequest,
} from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { refreshSiteInfo } from '@/lib/site-info';

export const promotionsQueryKey = [...queryRoots.admin, 'promotions'] as const;

/** GET /api/promotion/list (paged, newest first). */
export const promotionsQueryOptions = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...promotionsQueryKey, 'list', params],
    queryFn: () => api.get<TPage<TPromotion>>('/promotion/list', { query: { ...params } }),
    placeholderData: keepPreviousData,
  });

export function usePromotions(params: { page: number; limit: number }) {
  return useQuery(promotionsQueryOptions(params));
}

/** GET /api/promotion/stats?promotionId: bonus coins, top-ups and users per tier. */
export function usePromotionStats(promotionId: string | null) {
  return useQuery({
    queryKey: [...promotionsQueryKey, 'stats', promotionId],
    queryFn: () => api.get<TPromotionStats>('/promotion/stats', { query: { promotionId: promotionId ?? undefined } }),
    enabled: promotionId !== null,
  });
}

/** POST /api/promotion/add, or PUT /api/promotion/update/:id when `id` is given. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TPromotionCreateRequest | TPromotionUpdateRequest }) =>
      id ? api.put<TPromotion>(`/promotion/update/${id}`, body) : api.post<TPromotion>('/promotion/add', body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: promotionsQueryKey }),
        // The dashboard notice and the top-up page read the running promotion from the site info.
        refreshSiteInfo(),
      ]);
    },
  });
}
