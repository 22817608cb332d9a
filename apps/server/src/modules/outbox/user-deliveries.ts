import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** One of a customer's alert or webhook deliveries, for their log. */
export interface UserOutboxRow {
  id: string;
  kind: string;
  type: string | null;
  attempts: number;
  max_attempts: number;
  sent_at: Date | string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Date | string;
  total: number | string;
}

/** A customer's deliveries, newest first, one page; `total` on every row. */
export async function listUserOutbox(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<UserOutboxRow[]> {
  return queryRows<UserOutboxRow>(
    db,
    sql`select id, kind, payload->>'type' as type, attempts, max_attempts, sent_at, last_status, last_error,
               created_at, count(*) over () as total
          from outbox where user_id = ${userId}
          order by created_at desc, id limit ${page.limit} offset ${page.offset}`,
  );
}

/**
 * A customer asks for another attempt at one of their deliveries: due now, with one more attempt
 * allowed. False when the row is not theirs; a delivered row is left as it is.
 */
export async function retryUserOutboxRow(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string; sent_at: Date | string | null }>(
    db,
    sql`select id, sent_at from outbox where id = ${id} and user_id = ${userId}`,
  );
  if (rows.length === 0) {
    return false;
  }
  await db.execute(
    sql`update outbox set next_attempt_at = ${now.toISOString()}, max_attempts = greatest(max_attempts, attempts + 1)
         where id = ${id} and user_id = ${userId} and sent_at is null`,
  );
  return true;
}
