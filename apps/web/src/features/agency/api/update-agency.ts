import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { agencyQueryKey } from './get-agency';

export function updateAgency(body: CallBody<'PUT /agency/update'>) {
  return api.call('PUT /agency/update', { body });
}

/** PUT /api/agency/update {name?, description?}: the owner's own text. */
export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgency,
    onSuccess: (agency) => queryClient.setQueryData([...agencyQueryKey, 'detail'], agency),
  });
}
