import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEventType, TRealtimeEvent, TTopupSuccessEvent } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { meQueryOptions, setBalance, useMe } from '@/lib/auth';
import { queryRoots } from '@/lib/query-keys';
import {
  EVENT_NAMES,
  eventsUrl,
  getLastTopupId,
  openAuthedEventStream,
  parseRealtimeEvent,
  queriesToRefresh,
  setLastTopupId,
  shouldShowTopup,
} from '@/lib/realtime';
import { useAccessToken } from '@/lib/session';

export type ShownTopup = Pick<TTopupSuccessEvent, 'id' | 'amount'> & { bonus: number };

/**
 * The signed-in user's realtime stream (docs/wire-contract.md#realtime,
 * docs/screens.md#top-up-success): `topup.success` opens the success dialog (once per top-up,
 * across tabs) and refreshes the balance, the transactions, the top-up history and the bill;
 * `balance.changed` updates the top-bar balance; `order.updated` refetches the order, proxy and
 * key lists; `resync` (the server may have lost events) refetches the balance and all those lists.
 * Every message is checked against the contract's ZRealtimeEvent.
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
    const refresh = (type: RealtimeEventType) =>
      Promise.all(
        queriesToRefresh(type).map((target) =>
          queryClient.invalidateQueries({
            queryKey: target === 'me' ? meQueryOptions.queryKey : queryRoots[target],
          }),
        ),
      );

    const onEvent = (event: TRealtimeEvent) => {
      switch (event.type) {
        case 'topup.success': {
          const topup = event.data;
          setBalance(topup.balance);
          if (!shouldShowTopup(topup, getLastTopupId())) {
            return;
          }
          setLastTopupId(topup.id);
          setShown({ id: topup.id, amount: topup.amount, bonus: topup.bonus });
          void refresh('topup.success');
          return;
        }
        case 'balance.changed':
          setBalance(event.data.balance);
          return;
        case 'order.updated':
        case 'resync':
          // resync: the server lost events (its database listener reconnected): catch up.
          void refresh(event.type);
          return;
      }
    };

    const onMessage = (message: MessageEvent) => {
      const event = parseRealtimeEvent(message.type, message.data);
      if (event) {
        onEvent(event);
      }
    };

    return openAuthedEventStream({
      url: eventsUrl,
      listeners: Object.fromEntries(EVENT_NAMES.map((name) => [name, onMessage])),
      // Events sent while the stream was down are gone: catch up on the balance and the lists.
      onOpen: (again) => {
        if (again) {
          void refresh('resync');
        }
      },
      // Renews an expired token (or ends the session on a revoked one) and brings the balance up to date.
      beforeReopen: () => api.call('GET /user/get-money').then(({ balance }) => setBalance(balance)),
    });
  }, [userId, queryClient]);

  return { shown, close: () => setShown(null) };
}
