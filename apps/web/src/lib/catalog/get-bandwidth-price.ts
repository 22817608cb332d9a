import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type CallAnswer } from '@/lib/api-client';

export type TBandwidthPrice = NonNullable<CallAnswer<'GET /bandwidth/get-price'>>;

export function getBandwidthPrice() {
  return api.call('GET /bandwidth/get-price');
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
