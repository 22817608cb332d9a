import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api, type CallAnswer } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type TAdminPackage = CallAnswer<'GET /v6-package/admin/get-all-package'>[number];

export function listAdminPackages(product: Product) {
  return api.call(`GET /${product}-package/admin/get-all-package`);
}

export const adminPackagesQueryKey = (product: Product) => [...queryRoots.admin, product, 'packages'] as const;

/** GET /api/{product}-package/admin/get-all-package: every package, inactive ones too. */
export function useAdminPackages(product: Product) {
  return useQuery(
    queryOptions({ queryKey: adminPackagesQueryKey(product), queryFn: () => listAdminPackages(product) }),
  );
}
