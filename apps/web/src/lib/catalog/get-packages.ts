import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api } from '@/lib/api-client';

export function getPackages(product: Product) {
  return api.call(`GET /${product}-package/get-all-package`);
}

export const packagesQueryKey = (product: Product) => ['catalog', product, 'packages'] as const;

/** GET /api/{product}-package/get-all-package: the active packages (trial included). */
export const packagesQueryOptions = (product: Product) =>
  queryOptions({ queryKey: packagesQueryKey(product), queryFn: () => getPackages(product) });

export function usePackages(product: Product, enabled = true) {
  return useQuery({ ...packagesQueryOptions(product), enabled });
}
