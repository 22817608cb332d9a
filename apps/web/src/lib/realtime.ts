import { REALTIME_EVENTS, ZRealtimeEvent, type RealtimeEventType, type TRealtimeEvent } from '@proxy/contract';
import { STORAGE_KEYS } from '@/config/constants';
import { queryRoots } from './query-keys';

/** A query an event makes stale: the signed-in user (with the balance) or a list root. */
export type RefreshTarget = 'me' | keyof typeof queryRoots;

/**
 * What a realtime event makes the app refetch. `balance.changed` carries its balance, so it needs
 * none. `resync` says events may have been lost (the server's database listener reconnected, or
 * this stream reopened): what any lost event would have refreshed is fetched again, the balance
 * first.
 */
export function queriesToRefresh(type: RealtimeEventType): readonly RefreshTarget[] {
  switch (type) {
    case 'topup.success':
      return ['me', 'transactions', 'topups', 'bill'];
    case 'order.updated':
      // An order changed without this tab asking (auto-renew, expiry, another tab or device).
      return ['orders', 'proxies', 'keys'];
    case 'resync':
      return ['me', 'transactions', 'topups', 'bill', 'orders', 'proxies', 'keys'];
    default:
      return [];
  }
}

/**
 * GET /api/events (docs/wire-contract.md#realtime): EventSource cannot send headers, so the token
 * rides in the query.
 */
export function eventsUrl(accessToken: string): string {
  return `/api/events?access_token=${encodeURIComponent(accessToken)}`;
}

function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') {
    return undefined;
  }
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** The SSE event names the listener subscribes to: every event of the contract's union. */
export const EVENT_NAMES: readonly RealtimeEventType[] = REALTIME_EVENTS;

/**
 * An SSE message checked against the contract's union (ZRealtimeEvent): the event, or null for a
 * name or data it does not describe (then the message is ignored).
 */
export function parseRealtimeEvent(type: string, data: unknown): TRealtimeEvent | null {
  const parsed = ZRealtimeEvent.safeParse({ type, data: parseJson(data) });
  return parsed.success ? parsed.data : null;
}

/**
 * docs/screens.md#top-up-success: the dialog shows only for a record that has an amount and whose
 * id differs from the last one shown (kept in localStorage, so a second tab does not show it again).
 */
export function shouldShowTopup(event: { id: string; amount?: number }, lastShownId: string | null): boolean {
  return Boolean(event.id) && typeof event.amount === 'number' && event.amount > 0 && event.id !== lastShownId;
}

export function getLastTopupId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.lastTopupId);
}

export function setLastTopupId(id: string): void {
  localStorage.setItem(STORAGE_KEYS.lastTopupId, id);
}

/** The wait before reconnecting after the n-th failure in a row: 1 s, 2 s, 4 s … at most 30 s. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}
