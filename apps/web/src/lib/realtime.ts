import {
  type RealtimeEventType,
  ZBalanceChangedEvent,
  ZTopupSuccessEvent,
  type TBalanceChangedEvent,
  type TTopupSuccessEvent,
} from '@proxy/contract';
import { STORAGE_KEYS } from '@/config/constants';
import { queryRoots } from './query-keys';

/** A query an event makes stale: the signed-in user (with the balance) or a list root. */
export type RefreshTarget = 'me' | keyof typeof queryRoots;

/**
 * What a realtime event makes the app refetch. `balance.changed` carries its balance, so it needs
 * none. `resync` says events may have been lost (the server's database listener reconnected, or
 * this stream reopened): what a lost top-up or balance event would have refreshed is fetched
 * again, the balance first.
 */
export function queriesToRefresh(type: RealtimeEventType): readonly RefreshTarget[] {
  switch (type) {
    case 'topup.success':
      return ['me', 'transactions', 'topups', 'bill'];
    case 'resync':
      return ['me', 'transactions', 'topups', 'bill'];
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

/**
 * A `topup.success` event's data. Only the id is required: docs/screens.md#top-up-success decides on the amount
 * itself, so an event without one is kept (and then not shown) rather than dropped as malformed.
 */
export function parseTopupSuccess(data: unknown): Partial<TTopupSuccessEvent> & { id: string } {
  const raw = parseJson(data);
  const full = ZTopupSuccessEvent.safeParse(raw);
  if (full.success) {
    return full.data;
  }
  const partial = ZTopupSuccessEvent.partial().safeParse(raw);
  return partial.success && partial.data.id ? { ...partial.data, id: partial.data.id } : { id: '' };
}

export function parseBalanceChanged(data: unknown): TBalanceChangedEvent | null {
  const parsed = ZBalanceChangedEvent.safeParse(parseJson(data));
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
