import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';

export function forgotPassword(body: CallBody<'POST /auth/forgot-password'>) {
  return api.call('POST /auth/forgot-password', { body });
}

/** POST /api/auth/forgot-password: mails a reset code. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
