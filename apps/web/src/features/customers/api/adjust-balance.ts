import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type BalanceAdjustment = 'add' | 'refund';

export type AdjustBalanceInput = { kind: BalanceAdjustment; userId: string } & CallBody<'PUT /user/admin/refund/:id'>;

export function adjustBalance({ kind, userId, ...body }: AdjustBalanceInput) {
  const options = { params: { id: userId }, body };
  return kind === 'add'
    ? api.call('PUT /user/admin/add-to-balance/:id', options)
    : api.call('PUT /user/admin/refund/:id', options);
}

/** PUT /api/user/admin/add-to-balance/:id and /api/user/admin/refund/:id {amount, note} */
export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustBalance,
    // The customer list, the customer page (its balance) and its ledger tab.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.admin }),
  });
}
