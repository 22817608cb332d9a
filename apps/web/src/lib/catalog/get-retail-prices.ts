import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api } from '@/lib/api-client';

export function getRetailPrices(product: Product) {
  return api.call(`GET /${product}-retail/get-all`);
}

export const retailPricesQueryKey = (product: Product) => ['catalog', product, 'retail'] as const;

/** GET /api/{product}-retail/get-all: one row per country and period unit (price and renewPrice). */
export const retailPricesQueryOptions = (product: Product) =>
  queryOptions({ queryKey: retailPricesQueryKey(product), queryFn: () => getRetailPrices(product) });

export function useRetailPrices(product: Product, enabled = true) {
  return useQuery({ ...retailPricesQueryOptions(product), enabled });
}
