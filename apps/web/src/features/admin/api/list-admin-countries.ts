import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ZAdminCountry } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type TAdminCountry = z.infer<typeof ZAdminCountry>;

export function listAdminCountries(product: Product): Promise<TAdminCountry[]> {
  return api.get<TAdminCountry[]>(`/country/${product}/list-country-admin`);
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
