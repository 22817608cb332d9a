import { useMutation } from '@tanstack/react-query';
import type { ZOk, ZVerifyRequest } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export function verifyEmail(body: z.infer<typeof ZVerifyRequest>): Promise<z.infer<typeof ZOk>> {
  return api.post<z.infer<typeof ZOk>>('/auth/verify', body);
}

/** POST /api/auth/verify with the emailed OTP. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
