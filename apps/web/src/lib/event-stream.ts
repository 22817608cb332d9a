import { freshAccessToken } from '@/lib/api-client';
import { reconnectDelayMs } from '@/lib/realtime';

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
