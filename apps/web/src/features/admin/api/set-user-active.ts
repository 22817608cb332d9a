import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminUser } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './list-users';

export function setUserActive(body: { userId: string; active: boolean }): Promise<TAdminUser> {
  return api.put('/user/admin-active-user', body);
}

/** PUT /api/user/admin-active-user: ban (active false) or unban a customer. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
