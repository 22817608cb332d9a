import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAgency, TAgencyCreateRequest } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { agencyQueryKey } from './get-agency';

export function createAgency(body: TAgencyCreateRequest): Promise<TAgency> {
  return api.post<TAgency>('/agency/create', body);
}

/** POST /api/agency/create {name, description, code}: a new agency awaiting approval. */
export function useCreateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgency,
    onSuccess: (agency) => queryClient.setQueryData([...agencyQueryKey, 'detail'], agency),
  });
}
