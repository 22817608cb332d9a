import pg from 'pg';

export type NotifyHandler = (payload: string) => void;

export interface ListenOptions {
  /**
   * Called when the LISTEN connection was lost and is back (or came up late): notifications sent
   * in between are gone, so the subscriber must catch up from the database.
   */
  onResume?: () => void;
}

export interface ListenerLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface ListenerOptions {
  /** Shown in pg_stat_activity, so an operator (or a test) can tell this connection apart. */
  applicationName: string;
  backoffMinMs?: number;
  backoffMaxMs?: number;
  /** A query on the connection this often; one unanswered within `pingTimeoutMs` drops it. */
  pingEveryMs?: number;
  pingTimeoutMs?: number;
  log?: ListenerLog;
}

interface Subscriber {
  handler: NotifyHandler;
  onResume?: () => void;
}

const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

/**
 * PostgreSQL LISTEN on one dedicated connection that survives its loss: a terminated backend, a
 * restarted server or a dead network (seen by a periodic ping) leads to a reconnect with capped,
 * jittered exponential backoff, LISTEN on every channel again, and `onResume` for every
 * subscriber. Subscribing never fails because the connection is down: the subscriber is kept
 * and resumed once it is back.
 */
export class PgListener {
  private client: pg.Client | null = null;
  /** The connect attempt in flight, resolved once it has succeeded or failed. */
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly pingTimer: NodeJS.Timeout;
  private failures = 0;
  /** Set when notifications may have been missed; the next connection resumes everyone. */
  private missed = false;
  private closed = false;
  private readonly channels = new Map<string, Set<Subscriber>>();
  /** LISTEN on the current connection, per channel (in flight or done). */
  private listened = new Map<string, Promise<void>>();
  private readonly backoffMinMs: number;
  private readonly backoffMaxMs: number;
  /** Each connection's queries, one after the other (pg wants no overlapping queries on a client). */
  private readonly queues = new WeakMap<pg.Client, Promise<unknown>>();

  constructor(
    private readonly url: string,
    private readonly opts: ListenerOptions,
  ) {
    this.backoffMinMs = opts.backoffMinMs ?? 250;
    this.backoffMaxMs = opts.backoffMaxMs ?? 30_000;
    this.pingTimer = setInterval(() => void this.ping(), opts.pingEveryMs ?? 30_000);
    this.pingTimer.unref();
  }

  /**
   * Resolves once LISTEN is in place, so the handler hears every notification committed after
   * that; or, when the database cannot be reached now, at once, with `onResume` to come.
   */
  async listen(channel: string, handler: NotifyHandler, options: ListenOptions = {}): Promise<() => Promise<void>> {
    if (this.closed) {
      throw new Error('the listener is closed');
    }
    const sub: Subscriber = { handler, onResume: options.onResume };
    let subs = this.channels.get(channel);
    if (!subs) {
      subs = new Set();
      this.channels.set(channel, subs);
    }
    subs.add(sub);
    const unsubscribe = async () => {
      subs.delete(sub);
    };
    if (!this.client && !this.connecting && !this.retryTimer) {
      this.connecting = this.connect();
    }
    await this.connecting;
    const c = this.client;
    if (c) {
      await this.listenOn(c, channel);
    }
    return unsubscribe;
  }

  /**
   * `idle` before anyone listened, `up` with a live connection, `down` while it is lost or being
   * re-established (notifications may be missed: readiness reports it).
   */
  get state(): 'idle' | 'up' | 'down' {
    if (this.client) {
      return 'up';
    }
    return this.channels.size === 0 && !this.closed ? 'idle' : 'down';
  }

  private listenOn(c: pg.Client, channel: string): Promise<void> {
    let done = this.listened.get(channel);
    if (!done) {
      done = this.exec(c, `LISTEN ${quote(channel)}`).then(
        () => undefined,
        // The connection is failing; dropping it brings the reconnect that listens again.
        (err: unknown) => this.lost(c, err),
      );
      this.listened.set(channel, done);
    }
    return done;
  }

  private exec(c: pg.Client, text: string): Promise<unknown> {
    const run = (this.queues.get(c) ?? Promise.resolve()).then(() => c.query(text));
    this.queues.set(
      c,
      run.catch(() => undefined),
    );
    return run;
  }

  private async connect(): Promise<void> {
    const c = new pg.Client({
      connectionString: this.url,
      application_name: this.opts.applicationName,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // Never without an 'error' listener: an unhandled one would end the process.
    c.on('error', (err) => this.lost(c, err));
    c.on('end', () => this.lost(c));
    c.on('notification', (msg) => this.dispatch(msg.channel, msg.payload ?? ''));
    // A channel subscribed while this runs is listened by its own listen() once it resolves.
    const channels = [...this.channels.keys()];
    try {
      await c.connect();
      if (channels.length > 0) {
        await this.exec(c, channels.map((ch) => `LISTEN ${quote(ch)}`).join('; '));
      }
    } catch (err) {
      this.connecting = null;
      void c.end().catch(() => undefined);
      this.missed = true;
      this.scheduleRetry(err);
      return;
    }
    this.connecting = null;
    if (this.closed) {
      await c.end().catch(() => undefined);
      return;
    }
    this.client = c;
    this.listened = new Map(channels.map((ch) => [ch, Promise.resolve()]));
    if (this.failures > 0 || this.missed) {
      this.opts.log?.info({ attempts: this.failures }, 'database listener reconnected');
    }
    this.failures = 0;
    if (this.missed) {
      this.missed = false;
      this.resume();
    }
  }

  private lost(c: pg.Client, err?: unknown): void {
    if (this.client !== c) {
      return;
    }
    this.client = null;
    this.listened = new Map();
    this.missed = true;
    void c.end().catch(() => undefined);
    if (this.closed) {
      return;
    }
    this.opts.log?.warn({ err }, 'database listener lost; reconnecting');
    this.scheduleRetry(err);
  }

  private scheduleRetry(err: unknown): void {
    if (this.closed || this.retryTimer) {
      return;
    }
    const cap = Math.min(this.backoffMaxMs, this.backoffMinMs * 2 ** this.failures);
    // Half fixed, half random: instances that lost the database together do not return in step.
    const delay = Math.round(cap / 2 + Math.random() * (cap / 2));
    this.failures += 1;
    if (this.failures > 1) {
      this.opts.log?.warn({ err, retryInMs: delay, attempts: this.failures }, 'database listener still down');
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connecting = this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private dispatch(channel: string, payload: string): void {
    for (const sub of this.channels.get(channel) ?? []) {
      try {
        sub.handler(payload);
      } catch (err) {
        this.opts.log?.warn({ err, channel }, 'a notification handler failed');
      }
    }
  }

  private resume(): void {
    for (const [channel, subs] of this.channels) {
      for (const sub of [...subs]) {
        try {
          sub.onResume?.();
        } catch (err) {
          this.opts.log?.warn({ err, channel }, 'a listener resume handler failed');
        }
      }
    }
  }

  /** A connection that died without a word (a half-open socket) only shows when it is used. */
  private async ping(): Promise<void> {
    const c = this.client;
    if (!c) {
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('listener ping timed out')), this.opts.pingTimeoutMs ?? 10_000);
    });
    try {
      await Promise.race([this.exec(c, 'select 1'), timeout]);
    } catch (err) {
      this.lost(c, err);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pingTimer);
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    await this.connecting;
    const c = this.client;
    this.client = null;
    this.channels.clear();
    await c?.end().catch(() => undefined);
  }
}
