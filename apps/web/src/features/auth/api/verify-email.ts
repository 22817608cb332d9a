import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';

export function verifyEmail(body: CallBody<'POST /auth/verify'>) {
  return api.call('POST /auth/verify', { body });
}

/** POST /api/auth/verify with the emailed OTP. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
