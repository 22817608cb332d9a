import { useMutation } from '@tanstack/react-query';
import type { ZOk, ZVerify2faRequest } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';

export function turnOff2fa(body: z.infer<typeof ZVerify2faRequest>): Promise<z.infer<typeof ZOk>> {
  return api.post<z.infer<typeof ZOk>>('/user/turn-off-2fa', body);
}

/** POST /api/user/turn-off-2fa with the password and a current code; the user is fetched again. */
export function useTurnOff2fa() {
  return useMutation({
    mutationFn: turnOff2fa,
    onSuccess: (_data, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
