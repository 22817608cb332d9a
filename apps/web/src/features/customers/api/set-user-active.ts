import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { usersQueryKey } from '@/lib/admin-users';

export function setUserActive(body: CallBody<'PUT /user/admin-active-user'>) {
  return api.call('PUT /user/admin-active-user', { body });
}

/** PUT /api/user/admin-active-user: ban (active false) or unban a customer. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
