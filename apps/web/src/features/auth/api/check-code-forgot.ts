import { useMutation } from '@tanstack/react-query';
import type { ZCheckCodeForgotRequest, ZCheckCodeForgotResponse } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export function checkCodeForgot(
  body: z.infer<typeof ZCheckCodeForgotRequest>,
): Promise<z.infer<typeof ZCheckCodeForgotResponse>> {
  return api.post('/auth/check-code-forgot', body);
}

/** POST /api/auth/check-code-forgot: trades the mailed code for a reset token. */
export function useCheckCodeForgot() {
  return useMutation({ mutationFn: checkCodeForgot });
}
