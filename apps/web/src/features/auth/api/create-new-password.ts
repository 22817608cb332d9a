import { useMutation } from '@tanstack/react-query';
import type { ZCreateNewPasswordRequest, ZOk } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export function createNewPassword(body: z.infer<typeof ZCreateNewPasswordRequest>): Promise<z.infer<typeof ZOk>> {
  return api.put<z.infer<typeof ZOk>>('/auth/create-new-password', body);
}

/** PUT /api/auth/create-new-password */
export function useCreateNewPassword() {
  return useMutation({ mutationFn: createNewPassword });
}
