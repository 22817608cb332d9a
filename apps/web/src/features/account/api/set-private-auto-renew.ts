import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';
import { queryRoots } from '@/lib/query-keys';

export function setPrivateAutoRenew(body: CallBody<'PUT /user/auto-renew'>) {
  return api.call('PUT /user/auto-renew', { body });
}

/**
 * PUT /api/user/auto-renew: auto-renew for all private IPv4 (package) proxies. It sets their own
 * flags, so the user, the proxy lists and the orders are fetched again.
 */
export function useSetPrivateAutoRenew() {
  return useMutation({
    mutationFn: setPrivateAutoRenew,
    onSuccess: (_data, variables, _result, { client }) => {
      // The saved state at once: the switch must not flip back while /me is fetched again.
      client.setQueryData(meQueryOptions.queryKey, (me) => me && { ...me, autoRenewPrivate: variables.autoRenew });
      return Promise.all([
        client.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
        client.invalidateQueries({ queryKey: queryRoots.proxies }),
        client.invalidateQueries({ queryKey: queryRoots.orders }),
      ]);
    },
  });
}
