import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';

export function turnOff2fa(body: CallBody<'POST /user/turn-off-2fa'>) {
  return api.call('POST /user/turn-off-2fa', { body });
}

/** POST /api/user/turn-off-2fa with the password and a current code; the user is fetched again. */
export function useTurnOff2fa() {
  return useMutation({
    mutationFn: turnOff2fa,
    onSuccess: (_data, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
