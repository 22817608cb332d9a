import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLE } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { adminsQueryKey, usersQueryKey } from '@/lib/admin-users';

export function setUserRole(id: string, role: typeof ROLE.CUSTOMER | typeof ROLE.SITE_ADMIN) {
  return api.call('PUT /user/admin/update-user/:id', { params: { id }, body: { role } });
}

/**
 * PUT /api/user/admin/update-user/:id {role}: the owner makes a customer a site admin or revokes it
 * (the server refuses anyone else). The user moves between the two lists, so both refresh.
 */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: typeof ROLE.CUSTOMER | typeof ROLE.SITE_ADMIN }) =>
      setUserRole(id, role),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
      ]),
  });
}
