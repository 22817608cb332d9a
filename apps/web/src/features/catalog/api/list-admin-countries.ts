import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api, type CallAnswer } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type TAdminCountry = CallAnswer<'GET /country/v6/list-country-admin'>[number];

export function listAdminCountries(product: Product) {
  return api.call(`GET /country/${product}/list-country-admin`);
}

/** GET /api/country/{product}/list-country-admin: enabled flag and stock per country. */
export function useAdminCountries(product: Product) {
  return useQuery(
    queryOptions({
      queryKey: [...queryRoots.admin, product, 'countries'],
      queryFn: () => listAdminCountries(product),
    }),
  );
}
