import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/agency/member/detail-agency: which agency the caller belongs to (agency sites only). */
export function useAgencyMembership(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['agency', 'membership'],
      queryFn: () => api.call('GET /agency/member/detail-agency'),
      enabled,
    }),
  );
}
