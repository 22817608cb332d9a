import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/admin-users';
import { adminTopupsQueryKey } from './list-admin-topups';

/** The answer's `outcome` says what the simulated transfer did: credited, held for an admin, unmatched, or a repeat. */
export function bankSimulate(body: CallBody<'POST /bill/admin/bank-simulate'>) {
  return api.call('POST /bill/admin/bank-simulate', { body });
}

/** POST /api/bill/admin/bank-simulate {content, amount}: a transfer as the bank webhook would post it. */
export function useBankSimulate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bankSimulate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTopupsQueryKey }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]),
  });
}
