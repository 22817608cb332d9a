import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminTopupsQueryKey } from './list-admin-topups';
import { usersQueryKey } from './list-users';

export interface BankSimulateInput {
  content: string;
  amount: number;
}

/** What the simulated transfer did: credited, held for an admin, unmatched, or a repeat. */
export interface BankSimulateResult {
  ok: true;
  outcome: string;
}

export function bankSimulate(body: BankSimulateInput): Promise<BankSimulateResult> {
  return api.post<BankSimulateResult>('/bill/admin/bank-simulate', body);
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
