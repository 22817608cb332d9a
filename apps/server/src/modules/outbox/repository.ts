import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';

/** A row a deliverer has claimed: what to send, and how many attempts it has had (this one included). */
export interface ClaimedOutboxRow {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  /** The customer a notification row is for; null for plain mails. */
  userId: string | null;
}

export async function insertOutboxRow(db: DbOrTx, values: typeof outbox.$inferInsert): Promise<void> {
  await db.insert(outbox).values(values);
}

/** Inserts a row unless one with its dedupe key exists; true when this call wrote it. */
export async function insertOutboxRowOnce(db: DbOrTx, values: typeof outbox.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(outbox)
    .values(values)
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/**
 * Claims due rows by moving their next attempt a claim's length ahead, in one statement that
 * commits at once (no transaction is held while mailing). SKIP LOCKED keeps two deliverers from
 * claiming one row, and the outer conditions are checked again on the locked row.
 */
export async function claimDueOutboxRows(
  db: DbOrTx,
  opts: { now: number; claimMs: number; batch: number; ids: string[] | undefined; kinds: string[] },
): Promise<ClaimedOutboxRow[]> {
  const { now, ids } = opts;
  const nowIso = new Date(now).toISOString();
  const kinds = sql.join(
    opts.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const due = sql`sent_at is null and attempts < max_attempts and next_attempt_at <= ${nowIso}::timestamptz and kind in (${kinds})`;
  const only: SQL = ids
    ? sql` and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<ClaimedOutboxRow>(
    db,
    sql`update outbox set attempts = attempts + 1, next_attempt_at = ${new Date(now + opts.claimMs).toISOString()}
        where ${due} and id in (
          select id from outbox where ${due}${only} order by next_attempt_at limit ${opts.batch} for update skip locked)
        returning id, kind, payload, attempts, user_id as "userId"`,
  );
}

/** Sent: the sealed subject and text are dropped. */
export async function markOutboxSent(db: DbOrTx, id: string, at: number, status: number | null): Promise<void> {
  await db.execute(sql`update outbox set sent_at = ${new Date(at).toISOString()}, last_error = null, last_status = ${status},
                               payload = payload - 'sealed'
                             where id = ${id}`);
}

/** A failed attempt: its error, and the next attempt's time (unless it was sent meanwhile). */
export async function recordOutboxFailure(
  db: DbOrTx,
  id: string,
  message: string,
  nextAttemptAt: number,
  status: number | null,
): Promise<void> {
  await db.execute(
    sql`update outbox set last_error = ${message}, last_status = ${status},
          next_attempt_at = ${new Date(nextAttemptAt).toISOString()}
        where id = ${id} and sent_at is null`,
  );
}

/**
 * Maintenance: drops mails sent more than a week ago (kept that long for "did the code go out?");
 * a customer's alerts and webhook deliveries, which their delivery log lists, after 30 days.
 */
export async function purgeSentMails(db: DbOrTx, now: Date): Promise<void> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000).toISOString();
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000).toISOString();
  await db.execute(sql`delete from outbox where sent_at < ${weekAgo} and user_id is null`);
  await db.execute(sql`delete from outbox where user_id is not null and created_at < ${monthAgo}`);
}

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

/** Rows still to deliver (not sent, attempts left): the backlog the metrics report. */
export async function countOutboxBacklog(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from outbox where sent_at is null and attempts < max_attempts`,
  );
  return Number(rows[0]?.n ?? 0);
}
