import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZBandwidthPrice } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TBandwidthPrice = z.infer<typeof ZBandwidthPrice>;

export function getBandwidthPrice(): Promise<TBandwidthPrice | null> {
  return api.get<TBandwidthPrice | null>('/bandwidth/get-price');
}

export const bandwidthPriceQueryKey = ['catalog', 'bandwidth'] as const;

/** GET /api/bandwidth/get-price: coins per extra GB and the most a package may have (null: not sold). */
export const bandwidthPriceQueryOptions = queryOptions({
  queryKey: bandwidthPriceQueryKey,
  queryFn: getBandwidthPrice,
});

export function useBandwidthPrice(enabled = true) {
  return useQuery({ ...bandwidthPriceQueryOptions, enabled });
}
