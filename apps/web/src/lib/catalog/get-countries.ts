import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api } from '@/lib/api-client';

export function getCountries(product: Product) {
  return api.call(`GET /country/${product}/list-country`);
}

export const countriesQueryKey = (product: Product) => ['catalog', product, 'countries'] as const;

/** GET /api/country/{product}/list-country: the enabled countries, `available` when in stock. */
export const countriesQueryOptions = (product: Product) =>
  queryOptions({ queryKey: countriesQueryKey(product), queryFn: () => getCountries(product) });

export function useCountries(product: Product, enabled = true) {
  return useQuery({ ...countriesQueryOptions(product), enabled });
}
