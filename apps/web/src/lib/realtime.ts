/**
 * The browser's side of the server-sent event streams (docs/wire-contract.md#realtime): opening
 * one with the signed-in user's token and keeping it open, and the realtime events the app
 * follows (what each refreshes, how a message is read, the top-up dialog shown once).
 */
import { REALTIME_EVENTS, ZRealtimeEvent, type RealtimeEventType, type TRealtimeEvent } from '@proxy/contract';
import { STORAGE_KEYS } from '@/config/constants';
import { freshAccessToken } from './api-client';
import { queryRoots } from './query-keys';

export interface AuthedEventStream {
  /** The stream's URL for an access token (SSE cannot send headers: the token rides in the query). */
  url: (accessToken: string) => string;
  /** A handler per SSE event name. */
  listeners: Record<string, (message: MessageEvent) => void>;
  /** Called each time the stream opens; `again` is false only the first time. */
  onOpen?: (again: boolean) => void;
  /** Runs before reopening a stream the server closed (e.g. a call that renews the token). */
  beforeReopen?: () => Promise<unknown>;
}

/**
 * Opens a server-sent event stream with the signed-in user's access token and keeps it open
 * (docs/wire-contract.md#realtime): a token about to expire is renewed first, so the stream is not
 * refused on a page load. While the browser reconnects by itself (network loss, server restart)
 * nothing is done; once the server has closed the stream (e.g. it refused an expired token), it is
 * reopened after a backoff with a fresh token. Returns the function that closes it for good.
 */
export function openAuthedEventStream(stream: AuthedEventStream): () => void {
  let source: EventSource | null = null;
  let timer: number | undefined;
  let failures = 0;
  let opened = false;
  let stopped = false;

  const open = (token: string | null) => {
    if (stopped || !token) {
      return;
    }
    const es = new EventSource(stream.url(token));
    source = es;
    for (const [name, listener] of Object.entries(stream.listeners)) {
      es.addEventListener(name, listener);
    }
    es.onopen = () => {
      failures = 0;
      stream.onOpen?.(opened);
      opened = true;
    };
    es.onerror = () => {
      // CONNECTING: the browser retries by itself.
      if (es.readyState !== EventSource.CLOSED || stopped) {
        return;
      }
      es.close();
      failures += 1;
      timer = window.setTimeout(() => {
        const before = stream.beforeReopen?.() ?? Promise.resolve();
        void before.catch(() => undefined).finally(connect);
      }, reconnectDelayMs(failures));
    };
  };

  function connect() {
    freshAccessToken().then(open, () => undefined);
  }

  connect();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    source?.close();
  };
}

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
