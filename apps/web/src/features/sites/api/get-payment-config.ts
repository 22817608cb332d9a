import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getPaymentConfig() {
  return api.call('GET /bill/admin/payment-methods');
}

export const paymentConfigQueryKey = [...queryRoots.admin, 'payment-config'] as const;

/** GET /api/bill/admin/payment-methods: every method of the site, secrets only as set / not set. */
export const paymentConfigQueryOptions = queryOptions({ queryKey: paymentConfigQueryKey, queryFn: getPaymentConfig });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions);
}
