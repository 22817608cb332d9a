import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminTopup } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { adminTopupsQueryKey } from './list-admin-topups';

export function rejectTopup(id: string): Promise<TAdminTopup> {
  return api.put<TAdminTopup>(`/bill/admin/topup/${id}/reject`);
}

/** PUT /api/bill/admin/topup/:id/reject: a pending or held top-up will never be credited. */
export function useRejectTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectTopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTopupsQueryKey }),
  });
}
