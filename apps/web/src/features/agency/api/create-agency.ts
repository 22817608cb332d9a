import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { agencyQueryKey } from './get-agency';

export function createAgency(body: CallBody<'POST /agency/create'>) {
  return api.call('POST /agency/create', { body });
}

/** POST /api/agency/create {name, description, code}: a new agency awaiting approval. */
export function useCreateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgency,
    onSuccess: (agency) => queryClient.setQueryData([...agencyQueryKey, 'detail'], agency),
  });
}
