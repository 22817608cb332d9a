import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteQueryKey } from '@/lib/query-client';

/** GET /api/landing/detail: the landing texts, HTML blocks, FAQ and quotes (HTML sanitised by the server). */
export const landingQueryOptions = queryOptions({
  queryKey: siteQueryKey('landing'),
  queryFn: () => api.call('GET /landing/detail'),
  staleTime: 60_000,
});

export function useLanding() {
  return useQuery(landingQueryOptions);
}
