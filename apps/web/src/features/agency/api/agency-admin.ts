import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgencyStatus } from '@proxy/contract';
import { api, type CallBody } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface AgencyListParams {
  page: number;
  limit: number;
  search: string;
  status?: AgencyStatus;
}

export const adminAgenciesQueryKey = [...queryRoots.admin, 'agencies'] as const;

/** GET /api/agency-admin/list-agency (paged; status filter and search). */
export function useAdminAgencies(params: AgencyListParams, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...adminAgenciesQueryKey, params],
      queryFn: () => api.call('GET /agency-admin/list-agency', { query: params }),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

function useAgencyMutation<V>(fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAgenciesQueryKey }),
  });
}

/** PUT /api/agency-admin/toggle-agency-status {agencyId, isActive}: approve/enable or disable. */
export function useToggleAgency() {
  return useAgencyMutation((body: CallBody<'PUT /agency-admin/toggle-agency-status'>) =>
    api.call('PUT /agency-admin/toggle-agency-status', { body }),
  );
}

/** PUT /api/agency-admin/update {agencyId, name?, description?, commissionPercent?, endAt?}. */
export function useAdminUpdateAgency() {
  return useAgencyMutation((body: CallBody<'PUT /agency-admin/update'>) =>
    api.call('PUT /agency-admin/update', { body }),
  );
}

/** DELETE /api/agency-admin/delete/:id: its members leave it. */
export function useDeleteAgency() {
  return useAgencyMutation((id: string) => api.call('DELETE /agency-admin/delete/:id', { params: { id } }));
}
