import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEventType } from '@proxy/contract';
import type { Database } from '../../db/client.js';
import { EVENTS_CHANNEL, SESSIONS_CHANNEL, type RealtimeMessage, type SessionsEndedMessage } from './publish.js';

export type EventSink = (type: RealtimeEventType, data: Record<string, unknown>) => void;

/** An open stream as the hub sees it. */
export interface Stream {
  readonly userId: string;
  /** The session the stream was opened with, or the one that took it over. */
  sessionId: string;
  send: EventSink;
  /** Ends the stream on behalf of the hub (its session was revoked). */
  end: () => void;
  /**
   * Revocations may have been missed (the listener connection was down): the stream looks at its
   * session itself.
   */
  recheck: () => void;
}

/**
 * This instance's side of the fan-out: one LISTEN on the events channel and one on the sessions
 * channel, opened when the first client subscribes, and the open streams per user.
 */
export class EventHub {
  private readonly streams = new Map<string, Set<Stream>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves once LISTEN is in place, so the caller hears every event committed after that. */
  async subscribe(stream: Stream): Promise<() => void> {
    await this.ensureListening();
    let set = this.streams.get(stream.userId);
    if (!set) {
      set = new Set();
      this.streams.set(stream.userId, set);
    }
    set.add(stream);
    return () => this.forget(stream);
  }

  /** How many streams are open on this instance (for tests and health). */
  get size(): number {
    let n = 0;
    for (const s of this.streams.values()) {
      n += s.size;
    }
    return n;
  }

  private forget(stream: Stream): void {
    const set = this.streams.get(stream.userId);
    if (set?.delete(stream) && set.size === 0) {
      this.streams.delete(stream.userId);
    }
  }

  private ensureListening(): Promise<() => Promise<void>> {
    if (!this.listening) {
      this.listening = (async () => {
        const events = await this.database.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload), {
          onResume: () => this.resync(),
        });
        try {
          const sessions = await this.database.listen(SESSIONS_CHANNEL, (payload) => this.endSessions(payload), {
            onResume: () => this.recheckSessions(),
          });
          return async () => {
            await Promise.allSettled([events(), sessions()]);
          };
        } catch (err) {
          await events().catch(() => undefined);
          throw err;
        }
      })();
      this.listening.catch(() => {
        this.listening = null;
      });
    }
    return this.listening;
  }

  private parse<T>(payload: string): T | null {
    try {
      return JSON.parse(payload) as T;
    } catch {
      this.log.warn({ payload }, 'realtime: unreadable notification');
      return null;
    }
  }

  private dispatch(payload: string): void {
    const msg = this.parse<RealtimeMessage>(payload);
    if (!msg) {
      return;
    }
    for (const stream of this.streams.get(msg.u) ?? []) {
      try {
        stream.send(msg.t, msg.d);
      } catch (err) {
        this.log.warn({ err }, 'realtime: a stream failed');
      }
    }
  }

  /** Events were lost while the listener was down: every browser refetches what they would have said. */
  private resync(): void {
    this.log.info({ streams: this.size }, 'realtime: listener back, streams told to resync');
    for (const set of this.streams.values()) {
      for (const stream of set) {
        try {
          stream.send('resync', {});
        } catch (err) {
          this.log.warn({ err }, 'realtime: a stream failed');
        }
      }
    }
  }

  private recheckSessions(): void {
    for (const set of this.streams.values()) {
      for (const stream of [...set]) {
        try {
          stream.recheck();
        } catch (err) {
          this.log.warn({ err }, 'realtime: a stream failed to check its session');
        }
      }
    }
  }

  private endSessions(payload: string): void {
    const msg = this.parse<SessionsEndedMessage>(payload);
    if (!msg) {
      return;
    }
    // A copy: ending a stream removes it from the set.
    for (const stream of [...(this.streams.get(msg.u) ?? [])]) {
      if (msg.keep && stream.sessionId === msg.keep.from) {
        stream.sessionId = msg.keep.to;
        continue;
      }
      if (msg.s === undefined || stream.sessionId === msg.s) {
        this.forget(stream);
        try {
          stream.end();
        } catch (err) {
          this.log.warn({ err }, 'realtime: a stream failed to end');
        }
      }
    }
  }

  async close(): Promise<void> {
    this.streams.clear();
    const listening = this.listening;
    this.listening = null;
    if (listening) {
      const unlisten = await listening.catch(() => null);
      await unlisten?.().catch(() => undefined);
    }
  }
}
