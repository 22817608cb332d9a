import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';

/** A row a deliverer has claimed: what to send, and how many attempts it has had (this one included). */
export interface ClaimedOutboxRow {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

export async function insertOutboxRow(db: DbOrTx, values: typeof outbox.$inferInsert): Promise<void> {
  await db.insert(outbox).values(values);
}

/**
 * Claims due rows by moving their next attempt a claim's length ahead, in one statement that
 * commits at once (no transaction is held while mailing). SKIP LOCKED keeps two deliverers from
 * claiming one row, and the outer conditions are checked again on the locked row.
 */
export async function claimDueOutboxRows(
  db: DbOrTx,
  opts: { now: number; claimMs: number; maxAttempts: number; batch: number; ids: string[] | undefined },
): Promise<ClaimedOutboxRow[]> {
  const { now, ids } = opts;
  const nowIso = new Date(now).toISOString();
  const due = sql`sent_at is null and attempts < ${opts.maxAttempts} and next_attempt_at <= ${nowIso}::timestamptz`;
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
        returning id, kind, payload, attempts`,
  );
}

/** Sent: the sealed subject and text are dropped. */
export async function markOutboxSent(db: DbOrTx, id: string, at: number): Promise<void> {
  await db.execute(sql`update outbox set sent_at = ${new Date(at).toISOString()}, last_error = null,
                               payload = payload - 'sealed'
                             where id = ${id}`);
}

/** A failed attempt: its error, and the next attempt's time (unless it was sent meanwhile). */
export async function recordOutboxFailure(
  db: DbOrTx,
  id: string,
  message: string,
  nextAttemptAt: number,
): Promise<void> {
  await db.execute(
    sql`update outbox set last_error = ${message},
          next_attempt_at = ${new Date(nextAttemptAt).toISOString()}
        where id = ${id} and sent_at is null`,
  );
}

/** Maintenance: drops mails sent more than a week ago (kept that long for "did the code go out?"). */
export async function purgeSentMails(db: DbOrTx, now: Date): Promise<void> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000).toISOString();
  await db.execute(sql`delete from outbox where sent_at < ${weekAgo}`);
}
