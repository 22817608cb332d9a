import { useMutation } from '@tanstack/react-query';
import type { ZPasswordOnly, ZTurnOn2faResponse } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export function turnOn2fa(body: z.infer<typeof ZPasswordOnly>): Promise<z.infer<typeof ZTurnOn2faResponse>> {
  return api.post('/user/turn-on-2fa', body);
}

/** POST /api/user/turn-on-2fa: a new TOTP secret, active once verify-2fa accepts a code. */
export function useTurnOn2fa() {
  return useMutation({ mutationFn: turnOn2fa });
}
