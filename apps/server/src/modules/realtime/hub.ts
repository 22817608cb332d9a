import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEventType } from '@proxy/contract';
import type { Database } from '../../db/client.js';
import { EVENTS_CHANNEL, type RealtimeMessage } from './publish.js';

export type EventSink = (type: RealtimeEventType, data: Record<string, unknown>) => void;

/**
 * This instance's side of the fan-out: one LISTEN on the events channel, opened when the first
 * client subscribes, and the open streams per user.
 */
export class EventHub {
  private readonly sinks = new Map<string, Set<EventSink>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves once LISTEN is in place, so the caller hears every event committed after that. */
  async subscribe(userId: string, sink: EventSink): Promise<() => void> {
    await this.ensureListening();
    let set = this.sinks.get(userId);
    if (!set) {
      set = new Set();
      this.sinks.set(userId, set);
    }
    set.add(sink);
    return () => {
      set.delete(sink);
      if (set.size === 0 && this.sinks.get(userId) === set) {
        this.sinks.delete(userId);
      }
    };
  }

  /** How many streams are open on this instance (for tests and health). */
  get size(): number {
    let n = 0;
    for (const s of this.sinks.values()) {
      n += s.size;
    }
    return n;
  }

  private ensureListening(): Promise<() => Promise<void>> {
    if (!this.listening) {
      this.listening = this.database.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload));
      this.listening.catch(() => {
        this.listening = null;
      });
    }
    return this.listening;
  }

  private dispatch(payload: string): void {
    let msg: RealtimeMessage;
    try {
      msg = JSON.parse(payload) as RealtimeMessage;
    } catch {
      this.log.warn({ payload }, 'realtime: unreadable notification');
      return;
    }
    for (const sink of this.sinks.get(msg.u) ?? []) {
      try {
        sink(msg.t, msg.d);
      } catch (err) {
        this.log.warn({ err }, 'realtime: a stream failed');
      }
    }
  }

  async close(): Promise<void> {
    this.sinks.clear();
    const listening = this.listening;
    this.listening = null;
    if (listening) {
      const unlisten = await listening.catch(() => null);
      await unlisten?.().catch(() => undefined);
    }
  }
}
