import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEventType, TTopupSuccessEvent } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { meQueryOptions, setBalance, useMe } from '@/lib/auth';
import { queryRoots } from '@/lib/query-keys';
import {
  eventsUrl,
  getLastTopupId,
  parseBalanceChanged,
  parseTopupSuccess,
  queriesToRefresh,
  reconnectDelayMs,
  setLastTopupId,
  shouldShowTopup,
} from '@/lib/realtime';
import { getAccessToken, useAccessToken } from '@/lib/session';

export type ShownTopup = Pick<TTopupSuccessEvent, 'id' | 'amount'> & { bonus: number };

/**
 * The signed-in user's realtime stream (docs/wire-contract.md#realtime,
 * docs/screens.md#top-up-success): `topup.success` opens the success dialog (once per top-up,
 * across tabs) and refreshes the balance, the transactions, the top-up history and the bill;
 * `balance.changed` updates the top-bar balance; `resync` (the server may have lost events)
 * refetches the balance and those lists.
 *
 * The access token expires while a stream is open. The open stream is not affected, but the
 * server refuses the browser's own reconnect with the old token; then an authenticated call lets
 * the API client renew the token (and brings the balance up to date), and a new stream opens.
 */
export function useRealtimeEvents() {
  const queryClient = useQueryClient();
  const me = useMe().data;
  const signedIn = useAccessToken() !== null;
  // One stream per signed-in user; a renewed token does not need a new one.
  const userId = signedIn ? me?.id : undefined;
  const [shown, setShown] = useState<ShownTopup | null>(null);

  useEffect(() => {
    if (!userId) {
      return;
    }
    let source: EventSource | null = null;
    let timer: number | undefined;
    let failures = 0;
    let opened = false;
    let stopped = false;

    const refresh = (type: RealtimeEventType) =>
      Promise.all(
        queriesToRefresh(type).map((target) =>
          queryClient.invalidateQueries({
            queryKey: target === 'me' ? meQueryOptions.queryKey : queryRoots[target],
          }),
        ),
      );

    const onTopup = (message: MessageEvent) => {
      const event = parseTopupSuccess(message.data);
      if (typeof event.balance === 'number') {
        setBalance(event.balance);
      }
      if (!shouldShowTopup(event, getLastTopupId()) || event.amount === undefined) {
        return;
      }
      setLastTopupId(event.id);
      setShown({ id: event.id, amount: event.amount, bonus: event.bonus ?? 0 });
      void refresh('topup.success');
    };

    const onBalance = (message: MessageEvent) => {
      const event = parseBalanceChanged(message.data);
      if (event) {
        setBalance(event.balance);
      }
    };

    const connect = () => {
      const token = getAccessToken();
      if (stopped || !token) {
        return;
      }
      const es = new EventSource(eventsUrl(token));
      source = es;
      es.addEventListener('topup.success', onTopup);
      es.addEventListener('balance.changed', onBalance);
      // The server lost events (its database listener reconnected): catch up on the balance.
      es.addEventListener('resync', () => void refresh('resync'));
      es.onopen = () => {
        failures = 0;
        // Events sent while the stream was down are gone: catch up on the balance.
        if (opened) {
          void refresh('resync');
        }
        opened = true;
      };
      es.onerror = () => {
        // CONNECTING: the browser retries by itself (network loss, server restart).
        if (es.readyState !== EventSource.CLOSED || stopped) {
          return;
        }
        es.close();
        failures += 1;
        timer = window.setTimeout(() => {
          // Renews an expired token (or ends the session on a revoked one) before reconnecting.
          api
            .get<{ balance: number }>('/user/get-money')
            .then(({ balance }) => setBalance(balance))
            .catch(() => undefined)
            .finally(connect);
        }, reconnectDelayMs(failures));
      };
    };

    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [userId, queryClient]);

  return { shown, close: () => setShown(null) };
}
