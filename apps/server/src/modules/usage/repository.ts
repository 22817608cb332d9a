import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';

/** The NOTIFY channel of traffic reports: a wake-up for the live streams, the tables are the record. */
export const USAGE_CHANNEL = 'usage_reports';

export interface MinuteCounter {
  proxyId: string;
  bytesIn: number;
  bytesOut: number;
}

const HOUR_S = 3600;
/** The longest NOTIFY payload we send naming users; a longer list is sent as `*` (everyone). */
const MAX_PAYLOAD = 7000;

/**
 * Adds a report's bytes to slot `slot` (1-60: the minute of the hour, plus one) of each proxy's
 * row of `hour` (whole UTC hours since the epoch) and wakes the live streams with one NOTIFY for
 * the whole batch naming the owners of the proxies reported (comma-separated user ids, or `*` when
 * that list would not fit a payload), in one statement (the caller's transaction, which also
 * records the report id: a report counts once and is heard of only once committed). `counters`
 * must name each proxy once.
 */
export async function addMinuteUsage(
  tx: Tx,
  counters: MinuteCounter[],
  hour: number,
  slot: number,
  at: Date,
): Promise<void> {
  const values = sql.join(
    counters.map((c) => sql`(${c.proxyId}::uuid, ${c.bytesIn}::bigint, ${c.bytesOut}::bigint)`),
    sql`, `,
  );
  const m = sql`${slot}::int`;
  // A new row is 60 zeros with this minute's bytes in its slot.
  const row = (v: SQL) =>
    sql`array_fill(0::bigint, array[${m} - 1]) || ${v} || array_fill(0::bigint, array[60 - ${m}])`;
  await tx.execute(sql`with added as (
      insert into usage_minutes (proxy_id, hour, bytes_in, bytes_out, updated_at)
      select v.proxy_id, ${hour}::int, ${row(sql`v.bytes_in`)}, ${row(sql`v.bytes_out`)}, ${at.toISOString()}::timestamptz
      from (values ${values}) as v(proxy_id, bytes_in, bytes_out)
      on conflict (proxy_id, hour) do update set
        bytes_in[${m}] = usage_minutes.bytes_in[${m}] + excluded.bytes_in[${m}],
        bytes_out[${m}] = usage_minutes.bytes_out[${m}] + excluded.bytes_out[${m}],
        updated_at = excluded.updated_at
      returning proxy_id),
    owners as (
      select string_agg(distinct p.user_id::text, ',') as ids from added a join proxies p on p.id = a.proxy_id)
    select pg_notify(${USAGE_CHANNEL}, case when length(ids) <= ${MAX_PAYLOAD} then ids else '*' end)
    from owners where ids is not null`);
}

/** The rows of usage_minutes matching `where` (alias u) as one row per minute with traffic. */
const minuteRows = (where: SQL) =>
  sql`select u.proxy_id, to_timestamp(u.hour::bigint * 3600 + (s.m - 1) * 60) as bucket, s.i as bytes_in, s.o as bytes_out, u.updated_at
      from usage_minutes u cross join lateral unnest(u.bytes_in, u.bytes_out) with ordinality as s(i, o, m)
      where (${where}) and (s.i <> 0 or s.o <> 0)`;

/** The hour numbers whose rows may hold minutes in [from, to). */
const hourFloor = (d: Date) => Math.floor(d.getTime() / (HOUR_S * 1000));

export interface BucketRow {
  bucket: Date | string;
  bytes_in: string | number;
  bytes_out: string | number;
}

export type UsageTable = 'usage_minutes' | 'usage_hours' | 'usage_days';

/** One proxy's rows of `table` in [from, to) (one per minute with traffic for usage_minutes). */
export async function listBuckets(db: DbOrTx, table: UsageTable, proxyId: string, from: Date, to: Date) {
  const [f, t] = [from.toISOString(), to.toISOString()];
  if (table === 'usage_minutes') {
    return queryRows<BucketRow>(
      db,
      sql`select bucket, bytes_in, bytes_out from (${minuteRows(
        sql`u.proxy_id = ${proxyId} and u.hour >= ${hourFloor(from)}::int and u.hour <= ${hourFloor(to)}::int`,
      )}) r
        where bucket >= ${f}::timestamptz and bucket < ${t}::timestamptz
        order by bucket`,
    );
  }
  return queryRows<BucketRow>(
    db,
    sql`select bucket, bytes_in, bytes_out from ${sql.identifier(table)}
        where proxy_id = ${proxyId} and bucket >= ${f}::timestamptz and bucket < ${t}::timestamptz
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
        from proxies p
        cross join lateral (${minuteRows(sql`u.proxy_id = p.id and u.hour >= ${hourFloor(since)}::int`)}) m
        where p.user_id in (${users}) and m.bucket >= ${since.toISOString()}::timestamptz`,
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
  if (table === 'usage_minutes') {
    const [row] = await queryRows<{ min: number | null }>(db, sql`select min(hour) as min from usage_minutes`);
    return row?.min === null || row?.min === undefined ? null : new Date(Number(row.min) * HOUR_S * 1000);
  }
  const [row] = await queryRows<{ min: Date | string | null }>(
    db,
    sql`select min(bucket) as min from ${sql.identifier(table)}`,
  );
  return row?.min ? new Date(row.min) : null;
}

/**
 * Sums the rows of `source` in [start, end) into one row of `target` per proxy and target bucket
 * (an hour of usage_hours, a UTC day of usage_days), replacing what a previous run stored (so
 * running it twice changes nothing), and moves the rollup's mark to `end`, never back. The sweep
 * passes one bucket at a time; a wider span (a catch-up) gives each of its buckets its own row.
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
  if (source === 'usage_minutes') {
    // One row per proxy and hour already: its slots summed, at its hour.
    await tx.execute(sql`insert into ${sql.identifier(target)} (proxy_id, bucket, bytes_in, bytes_out)
        select proxy_id, to_timestamp(hour::bigint * 3600), (select sum(x) from unnest(bytes_in) x), (select sum(x) from unnest(bytes_out) x)
        from usage_minutes where hour >= ${hourFloor(start)}::int and hour < ${hourFloor(end)}::int
        on conflict (proxy_id, bucket) do update set bytes_in = excluded.bytes_in, bytes_out = excluded.bytes_out`);
    await advanceMark(tx, name, end);
    return;
  }
  // Hours into their UTC day (constants in the text: a parameter in the select and another in the
  // group by would be two different expressions to PostgreSQL).
  const day = sql`to_timestamp(floor(extract(epoch from bucket) / 86400) * 86400)`;
  await tx.execute(sql`insert into ${sql.identifier(target)} (proxy_id, bucket, bytes_in, bytes_out)
      select proxy_id, ${day}, sum(bytes_in), sum(bytes_out) from ${sql.identifier(source)}
      where bucket >= ${s}::timestamptz and bucket < ${e}::timestamptz
      group by proxy_id, ${day}
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
  const cutoff = sql`least(${before.toISOString()}::timestamptz,
                               coalesce((select done_until from usage_rollups where name = ${rolledInto}), '-infinity'))`;
  // An hour row of minutes goes once all of its hour is before the cutoff.
  const old =
    table === 'usage_minutes'
      ? sql`hour::numeric < floor(extract(epoch from ${cutoff}) / 3600)`
      : sql`bucket < ${cutoff}`;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from ${sql.identifier(table)} where ${old} returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
