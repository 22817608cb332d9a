import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agencyQueryKey } from './get-agency';

export interface MemberListParams {
  page: number;
  limit: number;
  search: string;
}

export function listMembers(params: MemberListParams) {
  return api.call('GET /agency/list-member', { query: params });
}

/** GET /api/agency/list-member (paged, searchable by email). */
export function useAgencyMembers(params: MemberListParams, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...agencyQueryKey, 'members', params],
      queryFn: () => listMembers(params),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
