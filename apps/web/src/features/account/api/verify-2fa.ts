import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';

export function verify2fa(body: CallBody<'POST /user/verify-2fa'>) {
  return api.call('POST /user/verify-2fa', { body });
}

/** POST /api/user/verify-2fa: 2FA is on from then; the user is fetched again. */
export function useVerify2fa() {
  return useMutation({
    mutationFn: verify2fa,
    onSuccess: (_data, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
