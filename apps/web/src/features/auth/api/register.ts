import { useMutation } from '@tanstack/react-query';
import type { TRegisterRequest, ZOk } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export function register(body: TRegisterRequest): Promise<z.infer<typeof ZOk>> {
  return api.post<z.infer<typeof ZOk>>('/auth/register', body);
}

/** POST /api/auth/register; the server mails an OTP. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
