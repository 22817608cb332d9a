import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';

export function turnOn2fa(body: CallBody<'POST /user/turn-on-2fa'>) {
  return api.call('POST /user/turn-on-2fa', { body });
}

/** POST /api/user/turn-on-2fa: a new TOTP secret, active once verify-2fa accepts a code. */
export function useTurnOn2fa() {
  return useMutation({ mutationFn: turnOn2fa });
}
