import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api } from '@/lib/api-client';

export function getDiscountTiers(product: Product) {
  return api.call('GET /discount/get-all', { query: { product } });
}

export const discountTiersQueryKey = (product: Product) => ['catalog', product, 'discount'] as const;

/** GET /api/discount/get-all?product=: quantity discount tiers. */
export const discountTiersQueryOptions = (product: Product) =>
  queryOptions({ queryKey: discountTiersQueryKey(product), queryFn: () => getDiscountTiers(product) });

export function useDiscountTiers(product: Product, enabled = true) {
  return useQuery({ ...discountTiersQueryOptions(product), enabled });
}
