import type { RealtimeEventType, TRealtimeEvent } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { notifyChannel } from './repository.js';

/** The one NOTIFY channel of the realtime events; every instance LISTENs on it. */
export const EVENTS_CHANNEL = 'app_events';

/** The NOTIFY payload of an event: the user it is for, its type and its data (ZRealtimeEvent). */
export interface RealtimeMessage {
  /** The user the event is for. */
  u: string;
  t: RealtimeEventType;
  d: TRealtimeEvent['data'];
}

/** The one place an event's NOTIFY payload is built (SQL-built ones: realtime/repository.ts). */
export function realtimeMessage(userId: string, event: TRealtimeEvent): RealtimeMessage {
  return { u: userId, t: event.type, d: event.data };
}

/**
 * Queues a realtime event for a user through Postgres NOTIFY. Inside a transaction the event is
 * delivered on commit and dropped on rollback, so nobody hears of a credit that did not happen.
 * Every instance LISTENs (EventHub), so a browser on any instance gets it.
 */
export async function publish(db: DbOrTx, userId: string, event: TRealtimeEvent): Promise<void> {
  await notifyChannel(db, EVENTS_CHANNEL, JSON.stringify(realtimeMessage(userId, event)));
}

/**
 * The NOTIFY channel of ended sessions. Apart from the events' channel, so an instance that does
 * not know it (a rolling upgrade) never writes it to a browser as an event.
 */
export const SESSIONS_CHANNEL = 'app_sessions';

export interface SessionsEndedMessage {
  /** The user whose streams end. */
  u: string;
  /** Only this session's streams; absent: every stream of the user. */
  s?: string;
  /**
   * A session that goes on under a new id (the caller of change-password): its streams stay open
   * and from then on belong to the new session.
   */
  keep?: { from: string; to: string };
}

/**
 * Tells every instance to close the realtime streams of revoked sessions. Like `publish`, it goes
 * out when the caller's transaction commits.
 */
export async function publishSessionsEnded(db: DbOrTx, message: SessionsEndedMessage): Promise<void> {
  await notifyChannel(db, SESSIONS_CHANNEL, JSON.stringify(message));
}
