import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminTopup } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { adminTopupsQueryKey } from './list-admin-topups';
import { usersQueryKey } from './list-users';

export interface MarkTopupPaidInput {
  id: string;
  /** Whom to credit: required for an unmatched transfer, else the top-up's own user. */
  userId?: string;
  /** Coins to credit instead of the top-up's amount (e.g. a held payment of another amount). */
  amount?: number;
  note?: string;
}

export function markTopupPaid({ id, ...body }: MarkTopupPaidInput): Promise<TAdminTopup> {
  return api.put<TAdminTopup>(`/bill/admin/topup/${id}`, body);
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
