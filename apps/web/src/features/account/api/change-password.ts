import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest, TTokens } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { setTokens } from '@/lib/session';

export function changePassword(body: TChangePasswordRequest): Promise<{ tokens: TTokens }> {
  return api.put<{ tokens: TTokens }>('/user/change-password', body);
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
