import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/admin-users';
import { adminTopupsQueryKey } from './list-admin-topups';

/**
 * The top-up, and whom to credit (`userId`: required for an unmatched transfer, else the top-up's
 * own user), `amount` to credit instead of the top-up's (e.g. a held payment of another amount), a note.
 */
export type MarkTopupPaidInput = { id: string } & CallBody<'PUT /bill/admin/topup/:id'>;

export function markTopupPaid({ id, ...body }: MarkTopupPaidInput) {
  return api.call('PUT /bill/admin/topup/:id', { params: { id }, body });
}

/** PUT /api/bill/admin/topup/:id {userId?, amount?, note?}: mark paid, or give a transfer to a user. */
export function useMarkTopupPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTopupPaid,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTopupsQueryKey }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]),
  });
}
