import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getBill(amount?: number) {
  return api.call('GET /bill/get-bill', { query: { amount } });
}

/**
 * GET /api/bill/get-bill(?amount=): the user's transfer code, the site's bank account, the VietQR
 * payload (with the amount when given), the enabled methods and whether the bank is the simulator.
 * Shared: the top-up page shows it, the admin pages offer the simulator when it runs.
 */
export const billQueryOptions = (amount?: number) =>
  queryOptions({
    queryKey: [...queryRoots.bill, amount ?? null],
    queryFn: () => getBill(amount),
    // Typing an amount swaps the QR without blanking the page in between.
    placeholderData: keepPreviousData,
  });

export function useBill(amount?: number) {
  return useQuery(billQueryOptions(amount));
}
