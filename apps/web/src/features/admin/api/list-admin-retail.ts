import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, TRetailPrice } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type TAdminRetail = TRetailPrice & { active: boolean };

export function listAdminRetail(product: Product): Promise<TAdminRetail[]> {
  return api.get<TAdminRetail[]>(`/${product}-retail/admin/get-all`);
}

export const adminRetailQueryKey = (product: Product) => [...queryRoots.admin, product, 'retail'] as const;

/** GET /api/{product}-retail/admin/get-all: every retail row, inactive ones too. */
export function useAdminRetail(product: Product) {
  return useQuery(queryOptions({ queryKey: adminRetailQueryKey(product), queryFn: () => listAdminRetail(product) }));
}
