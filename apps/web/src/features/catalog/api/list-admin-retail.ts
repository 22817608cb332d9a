import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api, type CallAnswer } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type TAdminRetail = CallAnswer<'GET /v6-retail/admin/get-all'>[number];

export function listAdminRetail(product: Product) {
  return api.call(`GET /${product}-retail/admin/get-all`);
}

export const adminRetailQueryKey = (product: Product) => [...queryRoots.admin, product, 'retail'] as const;

/** GET /api/{product}-retail/admin/get-all: every retail row, inactive ones too. */
export function useAdminRetail(product: Product) {
  return useQuery(queryOptions({ queryKey: adminRetailQueryKey(product), queryFn: () => listAdminRetail(product) }));
}
