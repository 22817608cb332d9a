import { sql } from 'drizzle-orm';
import type { RealtimeEventType } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';

/** The one NOTIFY channel of the realtime events; every instance LISTENs on it. */
export const EVENTS_CHANNEL = 'app_events';

export interface RealtimeMessage {
  /** The user the event is for. */
  u: string;
  t: RealtimeEventType;
  d: Record<string, unknown>;
}

/**
 * Queues a realtime event for a user through Postgres NOTIFY. Inside a transaction the event is
 * delivered on commit and dropped on rollback, so nobody hears of a credit that did not happen.
 * Every instance LISTENs (EventHub), so a browser on any instance gets it.
 */
export async function publish(
  db: DbOrTx,
  userId: string,
  type: RealtimeEventType,
  data: Record<string, unknown>,
): Promise<void> {
  const message: RealtimeMessage = { u: userId, t: type, d: data };
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}
