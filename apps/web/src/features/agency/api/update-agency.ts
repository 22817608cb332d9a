import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAgency } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { agencyQueryKey } from './get-agency';

export function updateAgency(body: { name?: string; description?: string }): Promise<TAgency> {
  return api.put<TAgency>('/agency/update', body);
}

/** PUT /api/agency/update {name?, description?}: the owner's own text. */
export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgency,
    onSuccess: (agency) => queryClient.setQueryData([...agencyQueryKey, 'detail'], agency),
  });
}
