import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';

export function checkCodeForgot(body: CallBody<'POST /auth/check-code-forgot'>) {
  return api.call('POST /auth/check-code-forgot', { body });
}

/** POST /api/auth/check-code-forgot: trades the mailed code for a reset token. */
export function useCheckCodeForgot() {
  return useMutation({ mutationFn: checkCodeForgot });
}
