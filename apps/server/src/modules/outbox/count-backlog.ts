import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** Rows still to deliver (not sent, attempts left): the backlog the metrics report. */
export async function countOutboxBacklog(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from outbox where sent_at is null and attempts < max_attempts`,
  );
  return Number(rows[0]?.n ?? 0);
}
