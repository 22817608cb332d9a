import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminTopupsQueryKey } from './list-admin-topups';

export function rejectTopup(id: string) {
  return api.call('PUT /bill/admin/topup/:id/reject', { params: { id } });
}

/** PUT /api/bill/admin/topup/:id/reject: a pending or held top-up will never be credited. */
export function useRejectTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectTopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTopupsQueryKey }),
  });
}
