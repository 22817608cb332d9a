import { get, type IncomingMessage } from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
  /** When it arrived (Date.now()), for tests that time a delivery. */
  at: number;
}

/** A minimal EventSource for tests: connects, parses `event:`/`data:` blocks, waits for events. */
export interface SseClient {
  status: number;
  events: SseEvent[];
  /** Resolves with the first event of that type not yet taken, or rejects after timeoutMs. */
  next(type: string, timeoutMs?: number): Promise<SseEvent>;
  /** Whether the server has ended the stream. */
  readonly ended: boolean;
  /** Resolves when the server ends the stream, or rejects after timeoutMs. */
  waitEnded(timeoutMs?: number): Promise<void>;
  close(): void;
}

export function connectSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res: IncomingMessage) => {
      const events: SseEvent[] = [];
      const waiters: { type: string; resolve: (e: SseEvent) => void }[] = [];
      let buffer = '';
      let connected = false;
      let ended = false;
      const endWaiters: (() => void)[] = [];
      const onEnd = () => {
        ended = true;
        endWaiters.splice(0).forEach((w) => w());
      };
      const client: SseClient = {
        status: res.statusCode ?? 0,
        events,
        next(type, timeoutMs = 5000) {
          const i = events.findIndex((e) => e.event === type);
          if (i >= 0) {
            return Promise.resolve(events.splice(i, 1)[0]!);
          }
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
            waiters.push({
              type,
              resolve: (e) => {
                clearTimeout(timer);
                ok(e);
              },
            });
          });
        },
        get ended() {
          return ended;
        },
        waitEnded(timeoutMs = 5000) {
          if (ended) {
            return Promise.resolve();
          }
          return new Promise((ok, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`the stream was not ended within ${timeoutMs} ms`)),
              timeoutMs,
            );
            endWaiters.push(() => {
              clearTimeout(timer);
              ok();
            });
          });
        },
        close() {
          req.destroy();
        },
      };
      if (client.status !== 200) {
        res.resume();
        resolve(client);
        return;
      }
      res.setEncoding('utf8');
      res.once('end', onEnd);
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let idx: number;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          if (!connected && block.includes(': connected')) {
            connected = true;
            resolve(client);
          }
          // Unnamed events (the node change stream's) are `message`, as in EventSource.
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data !== undefined) {
            const e = { event, data: JSON.parse(data) as unknown, at: Date.now() };
            const w = waiters.findIndex((x) => x.type === event);
            if (w >= 0) {
              waiters.splice(w, 1)[0]!.resolve(e);
            } else {
              events.push(e);
            }
          }
        }
      });
    });
    req.on('error', reject);
  });
}
