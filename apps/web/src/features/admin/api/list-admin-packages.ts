import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ZAdminPackage } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type TAdminPackage = z.infer<typeof ZAdminPackage>;

export function listAdminPackages(product: Product): Promise<TAdminPackage[]> {
  return api.get<TAdminPackage[]>(`/${product}-package/admin/get-all-package`);
}

export const adminPackagesQueryKey = (product: Product) => [...queryRoots.admin, product, 'packages'] as const;

/** GET /api/{product}-package/admin/get-all-package: every package, inactive ones too. */
export function useAdminPackages(product: Product) {
  return useQuery(
    queryOptions({ queryKey: adminPackagesQueryKey(product), queryFn: () => listAdminPackages(product) }),
  );
}
