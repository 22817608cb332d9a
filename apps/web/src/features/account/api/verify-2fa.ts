import { useMutation } from '@tanstack/react-query';
import type { ZOk, ZVerify2faRequest } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';

export function verify2fa(body: z.infer<typeof ZVerify2faRequest>): Promise<z.infer<typeof ZOk>> {
  return api.post<z.infer<typeof ZOk>>('/user/verify-2fa', body);
}

/** POST /api/user/verify-2fa: 2FA is on from then; the user is fetched again. */
export function useVerify2fa() {
  return useMutation({
    mutationFn: verify2fa,
    onSuccess: (_data, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
