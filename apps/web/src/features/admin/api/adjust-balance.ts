import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type BalanceAdjustment = 'add' | 'refund';

export interface AdjustBalanceInput {
  kind: BalanceAdjustment;
  userId: string;
  amount: number;
  note: string;
}

export function adjustBalance({ kind, userId, amount, note }: AdjustBalanceInput): Promise<{ balance: number }> {
  const path = kind === 'add' ? 'add-to-balance' : 'refund';
  return api.put(`/user/admin/${path}/${userId}`, { amount, note });
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
