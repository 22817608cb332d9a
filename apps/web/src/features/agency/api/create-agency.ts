import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { meQueryOptions, setMe } from '@/lib/auth';
import { agencyQueryKey } from './get-agency';

export function createAgency(body: CallBody<'POST /agency/create'>) {
  return api.call('POST /agency/create', { body });
}

/** POST /api/agency/create {name, description, code}: a new agency awaiting approval. */
export function useCreateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgency,
    onSuccess: (agency) => {
      queryClient.setQueryData([...agencyQueryKey, 'detail'], agency);
      // `me.ownerAgency` now names it: the agency page shows the agency instead of the form.
      const me = queryClient.getQueryData(meQueryOptions.queryKey);
      if (me) {
        setMe({ ...me, ownerAgency: agency.id });
      }
    },
  });
}
