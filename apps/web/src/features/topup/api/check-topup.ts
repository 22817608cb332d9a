import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/user/check-payment-credit/:id — any method: asks the provider and credits a paid top-up. */
export function checkTopup(id: string) {
  return api.call('GET /user/check-payment-credit/:id', { params: { id } });
}

export const topupQueryKey = (id: string) => [...queryRoots.topups, 'detail', id] as const;

export const checkTopupQueryOptions = (id: string) =>
  queryOptions({ queryKey: topupQueryKey(id), queryFn: () => checkTopup(id), meta: { silentError: true } });
