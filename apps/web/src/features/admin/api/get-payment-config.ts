import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentConfig } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getPaymentConfig(): Promise<TPaymentConfig> {
  return api.get<TPaymentConfig>('/bill/admin/payment-methods');
}

export const paymentConfigQueryKey = [...queryRoots.admin, 'payment-config'] as const;

/** GET /api/bill/admin/payment-methods: every method of the site, secrets only as set / not set. */
export const paymentConfigQueryOptions = queryOptions({ queryKey: paymentConfigQueryKey, queryFn: getPaymentConfig });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions);
}
