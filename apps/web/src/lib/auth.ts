import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMe } from '@proxy/contract';
import { api } from './api-client';
import { queryClient } from './query-client';
import { getStoredUser, getStoredUserAt, setStoredUser, useAccessToken } from './session';

async function getMe(): Promise<TMe> {
  const me = await api.call('GET /user/me');
  setStoredUser(me);
  return me;
}

/**
 * GET /api/user/me; the copy in localStorage (userInfo) shows at once and is then refreshed, unless
 * this page has just stored it (the login's answer).
 */
export const meQueryOptions = queryOptions({
  queryKey: ['user', 'me'],
  queryFn: getMe,
  initialData: () => getStoredUser() ?? undefined,
  initialDataUpdatedAt: getStoredUserAt,
});

/** The logged-in user, or undefined while it loads (or for a visitor). */
export function useMe() {
  const token = useAccessToken();
  return useQuery({ ...meQueryOptions, enabled: token !== null });
}

/** Stores a freshly fetched user everywhere it is read from. */
export function setMe(me: TMe): void {
  setStoredUser(me);
  queryClient.setQueryData(meQueryOptions.queryKey, me);
}

/** A balance the server pushed (realtime) or answered: the top bar shows it at once. */
export function setBalance(balance: number): void {
  const me = queryClient.getQueryData(meQueryOptions.queryKey);
  if (me && me.balance !== balance) {
    setMe({ ...me, balance });
  }
}
