import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { endSession } from '@/lib/end-session';
import { getRefreshToken } from '@/lib/session';

async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    await api.call('POST /auth/logout', { body: { refreshToken } });
  }
}

/** POST /api/auth/logout, then the session ends whatever the server answered. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    meta: { silentError: true },
    onSettled: endSession,
  });
}
