import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function receiveCode(email: string) {
  return api.call('POST /auth/receive-code', { body: { email } });
}

/** POST /api/auth/receive-code: mails the registration OTP again. */
export function useReceiveCode() {
  return useMutation({ mutationFn: receiveCode });
}
