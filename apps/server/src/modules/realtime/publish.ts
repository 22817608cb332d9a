/**
 * The realtime events' NOTIFYs (docs/wire-contract.md#realtime): the channels every instance's hub
 * LISTENs on, the payloads, and the statements that send them in the caller's transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RealtimeEventData, RealtimeEventType, TRealtimeEvent } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';

/** The one NOTIFY channel of the realtime events; every instance LISTENs on it. */
export const EVENTS_CHANNEL = 'app_events';

/** The NOTIFY payload of an event: the user it is for, its type and its data (ZRealtimeEvent). */
export interface RealtimeMessage {
  /** The user the event is for. */
  u: string;
  t: RealtimeEventType;
  d: TRealtimeEvent['data'];
}

/** The one place an event's NOTIFY payload is built (built in SQL: `notifyEventSql` below). */
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

/**
 * NOTIFY on a channel in `db`: inside a transaction PostgreSQL delivers it on commit and drops it on
 * rollback.
 */
export async function notifyChannel(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * The NOTIFY of an event whose data a statement computes itself (e.g. the balance after a ledger
 * row), as a SQL expression to select: `data` gives one SQL expression per field of the event's
 * data (ZRealtimeEvent), so the payload has the shape `realtimeMessage` (above) builds.
 */
export function notifyEventSql<T extends RealtimeEventType>(
  channel: string,
  userId: string,
  type: T,
  data: { [K in keyof RealtimeEventData<T>]-?: SQL },
): SQL {
  const fields = Object.entries(data as Record<string, SQL>).flatMap(([key, value]) => [sql`${key}::text`, value]);
  const payload = sql`json_build_object('u', ${userId}::text, 't', ${type}::text, 'd', json_build_object(${sql.join(fields, sql`, `)}))`;
  return sql`pg_notify(${channel}, ${payload}::text)`;
}
