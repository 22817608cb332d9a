import { sql, type SQL } from 'drizzle-orm';
import type { RealtimeEventData, RealtimeEventType } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';

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
 * data (ZRealtimeEvent), so the payload has the shape `realtimeMessage` (publish.ts) builds.
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
