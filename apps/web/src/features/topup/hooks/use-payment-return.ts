import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTopupDetail } from '@proxy/contract';
import { isApiError, type ApiError } from '@/lib/api-error';
import { meQueryOptions } from '@/lib/auth';
import { queryRoots } from '@/lib/query-keys';
import { cancelTopup } from '../api/cancel-topup';
import { checkTopup, checkTopupQueryOptions } from '../api/check-topup';
import { completeTopup } from '../api/complete-topup';

/** What to do when the payer comes back from a provider (docs/screens.md#routes: the result routes). */
export type ReturnAction =
  | { kind: 'check'; id: string }
  | { kind: 'cancel'; id: string }
  | { kind: 'complete'; method: 'paypal' | 'bytepay'; orderId: string };

/** A pending payment is asked about again every 3 s for 2 minutes; after that the webhook settles it. */
const POLL_MS = 3000;
const POLL_FOR_MS = 120_000;

async function run(action: ReturnAction): Promise<TTopupDetail> {
  switch (action.kind) {
    case 'check':
      return checkTopup(action.id);
    case 'complete':
      return completeTopup(action.method, action.orderId);
    case 'cancel':
      try {
        return await cancelTopup(action.id);
      } catch (error) {
        // Paid at the provider after all (credited now), or held for an admin: show what it is.
        if (isApiError(error) && (error.code === 'PAYMENT_ALREADY_DONE' || error.code === 'PAYMENT_PENDING')) {
          return checkTopup(action.id);
        }
        throw error;
      }
  }
}

export interface PaymentReturnState {
  topup: TTopupDetail | undefined;
  error: ApiError | null;
  loading: boolean;
}

/**
 * Runs the method's complete/check/cancel call once for the return address, then polls a
 * pending top-up until it settles. Crediting happens on the server; this only reports it.
 */
export function usePaymentReturn(action: ReturnAction | null): PaymentReturnState {
  const queryClient = useQueryClient();
  const first = useQuery({
    queryKey: [...queryRoots.topups, 'return', action],
    queryFn: async () => {
      const topup = await run(action!);
      void queryClient.invalidateQueries({ queryKey: queryRoots.topups });
      if (topup.status === 'success') {
        void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      }
      return topup;
    },
    enabled: action !== null,
    staleTime: Infinity,
    retry: false,
    meta: { silentError: true },
  });
  const startedAt = first.dataUpdatedAt;
  const id = first.data?.id ?? '';
  const poll = useQuery({
    ...checkTopupQueryOptions(id),
    enabled: first.data?.status === 'pending' && action?.kind !== 'cancel',
    refetchInterval: (query) =>
      (query.state.data?.status ?? 'pending') === 'pending' && Date.now() - startedAt < POLL_FOR_MS ? POLL_MS : false,
  });
  const topup = poll.data ?? first.data;
  const error = [first.error, poll.error].find(isApiError) ?? null;
  return {
    topup,
    error,
    loading: action !== null && first.isPending,
  };
}
