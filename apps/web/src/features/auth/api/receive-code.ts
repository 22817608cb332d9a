import { useMutation } from '@tanstack/react-query';
import type { ZReceiveCodeResponse } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export function receiveCode(email: string): Promise<z.infer<typeof ZReceiveCodeResponse>> {
  return api.post('/auth/receive-code', { email });
}

/** POST /api/auth/receive-code: mails the registration OTP again. */
export function useReceiveCode() {
  return useMutation({ mutationFn: receiveCode });
}
