import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { setTokens } from '@/lib/session';

export function changePassword(body: CallBody<'PUT /user/change-password'>) {
  return api.call('PUT /user/change-password', { body });
}

/**
 * PUT /api/user/change-password. The server revokes the other sessions and answers new tokens,
 * which replace the stored ones. docs/screens.md#error-messages: a failure is silent (loading just stops).
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    meta: { silentError: true },
    onSuccess: ({ tokens }) => setTokens(tokens),
  });
}
