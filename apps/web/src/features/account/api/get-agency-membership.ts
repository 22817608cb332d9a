import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAgencyMembership } from '@proxy/contract';
import { api } from '@/lib/api-client';

/** GET /api/agency/member/detail-agency: which agency the caller belongs to (agency sites only). */
export function useAgencyMembership(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['agency', 'membership'],
      queryFn: () => api.get<TAgencyMembership>('/agency/member/detail-agency'),
      enabled,
    }),
  );
}
