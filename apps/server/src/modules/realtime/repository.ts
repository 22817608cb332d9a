import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * NOTIFY on a channel in `db`: inside a transaction PostgreSQL delivers it on commit and drops it on
 * rollback.
 */
export async function notifyChannel(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
