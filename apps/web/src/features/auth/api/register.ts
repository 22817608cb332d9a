import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';

export function register(body: CallBody<'POST /auth/register'>) {
  return api.call('POST /auth/register', { body });
}

/** POST /api/auth/register; the server mails an OTP. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
