import { useMutation } from '@tanstack/react-query';
import type { ZForgotPasswordRequest, ZOk } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export function forgotPassword(body: z.infer<typeof ZForgotPasswordRequest>): Promise<z.infer<typeof ZOk>> {
  return api.post<z.infer<typeof ZOk>>('/auth/forgot-password', body);
}

/** POST /api/auth/forgot-password: mails a reset code. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
