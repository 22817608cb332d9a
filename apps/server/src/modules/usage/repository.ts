import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';

/** The NOTIFY channel of traffic reports: a wake-up for the live streams, the tables are the record. */
export const USAGE_CHANNEL = 'usage_reports';

export interface MinuteCounter {
  proxyId: string;
  bytesIn: number;
  bytesOut: number;
}

/**
 * Adds a report's bytes to each proxy's row of the minute `bucket` and wakes the live streams with
 * one NOTIFY for the whole batch, in one statement (the caller's transaction, which also records
 * the report id: a report counts once and is heard of only once committed). `counters` must name
 * each proxy once.
 */
export async function addMinuteUsage(tx: Tx, nodeId: string, counters: MinuteCounter[], bucket: Date, at: Date) {
  const values = sql.join(
    counters.map(
      (c) =>
        sql`(${c.proxyId}::uuid, ${bucket.toISOString()}::timestamptz, ${c.bytesIn}::bigint, ${c.bytesOut}::bigint, ${at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`with added as (
      insert into usage_minutes (proxy_id, bucket, bytes_in, bytes_out, updated_at) values ${values}
      on conflict (proxy_id, bucket) do update set
        bytes_in = usage_minutes.bytes_in + excluded.bytes_in,
        bytes_out = usage_minutes.bytes_out + excluded.bytes_out,
        updated_at = excluded.updated_at
      returning 1)
    select pg_notify(${USAGE_CHANNEL}, ${nodeId}) where exists (select 1 from added)`);
}

export interface BucketRow {
  bucket: Date | string;
  bytes_in: string | number;
  bytes_out: string | number;
}

export type UsageTable = 'usage_minutes' | 'usage_hours' | 'usage_days';

/** One proxy's rows of `table` in [from, to). */
export async function listBuckets(db: DbOrTx, table: UsageTable, proxyId: string, from: Date, to: Date) {
  return queryRows<BucketRow>(
    db,
    sql`select bucket, bytes_in, bytes_out from ${sql.identifier(table)}
        where proxy_id = ${proxyId} and bucket >= ${from.toISOString()}::timestamptz and bucket < ${to.toISOString()}::timestamptz
        order by bucket`,
  );
}

export interface OwnedProxyRow {
  id: string;
  bandwidth_limit_gb: number | null;
  bandwidth_used_bytes: string | number;
}

/** The proxy if `userId` owns it. */
export async function findOwnedProxy(db: DbOrTx, userId: string, proxyId: string): Promise<OwnedProxyRow | undefined> {
  const [row] = await queryRows<OwnedProxyRow>(
    db,
    sql`select id, bandwidth_limit_gb, bandwidth_used_bytes from proxies where id = ${proxyId} and user_id = ${userId}`,
  );
  return row;
}

export interface LiveRow {
  user_id: string;
  proxy_id: string;
  bucket: Date | string;
  bytes_in: string | number;
  bytes_out: string | number;
  updated_at: Date | string;
}

/** The minute rows from `since` on of the proxies of `userIds` (the live streams' catch-up read). */
export async function listRecentMinutes(db: DbOrTx, userIds: string[], since: Date): Promise<LiveRow[]> {
  if (userIds.length === 0) {
    return [];
  }
  const users = sql.join(
    userIds.map((u) => sql`${u}::uuid`),
    sql`, `,
  );
  return queryRows<LiveRow>(
    db,
    sql`select p.user_id, m.proxy_id, m.bucket, m.bytes_in, m.bytes_out, m.updated_at
        from proxies p join usage_minutes m on m.proxy_id = p.id and m.bucket >= ${since.toISOString()}::timestamptz
        where p.user_id in (${users})`,
  );
}

// ---- rollups and retention (jobs/usage.ts) ----

export type RollupName = 'hours' | 'days';

/** Until when a rollup is final, or null before its first run. */
export async function rollupMark(db: DbOrTx, name: RollupName): Promise<Date | null> {
  const [row] = await queryRows<{ done_until: Date | string }>(
    db,
    sql`select done_until from usage_rollups where name = ${name}`,
  );
  return row ? new Date(row.done_until) : null;
}

/** The oldest bucket of a table, or null when it is empty (the bucket index answers). */
export async function oldestBucket(db: DbOrTx, table: 'usage_minutes' | 'usage_hours'): Promise<Date | null> {
  const [row] = await queryRows<{ min: Date | string | null }>(
    db,
    sql`select min(bucket) as min from ${sql.identifier(table)}`,
  );
  return row?.min ? new Date(row.min) : null;
}

/**
 * Sums the rows of `source` in [start, start + span) into one row per proxy of `target` at
 * `start`, replacing what a previous run stored (so running it twice changes nothing), and moves
 * the rollup's mark to the end of the span, never back.
 */
export async function rollUp(
  tx: Tx,
  name: RollupName,
  source: 'usage_minutes' | 'usage_hours',
  target: 'usage_hours' | 'usage_days',
  start: Date,
  end: Date,
): Promise<void> {
  const [s, e] = [start.toISOString(), end.toISOString()];
  await tx.execute(sql`insert into ${sql.identifier(target)} (proxy_id, bucket, bytes_in, bytes_out)
      select proxy_id, ${s}::timestamptz, sum(bytes_in), sum(bytes_out) from ${sql.identifier(source)}
      where bucket >= ${s}::timestamptz and bucket < ${e}::timestamptz
      group by proxy_id
      on conflict (proxy_id, bucket) do update set bytes_in = excluded.bytes_in, bytes_out = excluded.bytes_out`);
  await advanceMark(tx, name, end);
}

/** Moves a rollup's mark to `until`, never back. */
export async function advanceMark(db: DbOrTx, name: RollupName, until: Date): Promise<void> {
  await db.execute(sql`insert into usage_rollups (name, done_until) values (${name}, ${until.toISOString()}::timestamptz)
      on conflict (name) do update set done_until = greatest(usage_rollups.done_until, excluded.done_until)`);
}

/**
 * Drops the rows of `table` older than `before`, but never a row its rollup has not taken yet
 * (none before the rollup's first run).
 */
export async function purgeBuckets(
  db: DbOrTx,
  table: 'usage_minutes' | 'usage_hours',
  rolledInto: RollupName,
  before: Date,
): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from ${sql.identifier(table)}
          where bucket < least(${before.toISOString()}::timestamptz,
                               coalesce((select done_until from usage_rollups where name = ${rolledInto}), '-infinity'))
          returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
