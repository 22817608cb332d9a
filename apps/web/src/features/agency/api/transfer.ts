import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';
import { queryRoots } from '@/lib/query-keys';
import { agencyQueryKey } from './get-agency';

export interface TransferInput {
  body: CallBody<'POST /agency/transfer'>;
  /** One key per confirm dialog: a double click or a retry moves the coins once. */
  idempotencyKey: string;
}

export function transferToMember({ body, idempotencyKey }: TransferInput) {
  return api.call('POST /agency/transfer', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/agency/transfer {email, amount}: coins from the owner to a member. */
export function useTransferToMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferToMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agencyQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryRoots.transactions }),
        queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
      ]),
  });
}
