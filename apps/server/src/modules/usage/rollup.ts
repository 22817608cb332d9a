import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { hourFloor, rollupMark, type RollupName } from './queries.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * A minute's row takes reports until its minute is over plus the time a report's transaction may
 * still be open; an hour is rolled up only this long after its end.
 */
export const ROLLUP_GRACE_MS = 2 * 60_000;
/** Minutes are kept a little over a day (the minute history shows 24 hours). */
export const MINUTES_KEPT_MS = 26 * HOUR;
/** Hours are kept a little over 30 days (the hour history shows 30 days). */
export const HOURS_KEPT_MS = 32 * DAY;

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/**
 * One sweep (docs/gateway-protocol.md#usage-history): rolls each closed hour of minutes into
 * usage_hours and each day whose hours are all rolled up into usage_days, one bucket per
 * transaction, from the rollup's mark on; then drops minutes and hours past their retention that
 * their rollup has taken. A rolled-up bucket is recomputed and overwritten, never added to, so a
 * sweep that repeats work (a lost lease, a second instance) changes nothing.
 */
export async function rollUpUsage(ctx: AppContext, signal?: AbortSignal): Promise<void> {
  const now = ctx.clock.nowMs();
  const hoursEnd = floorTo(now - ROLLUP_GRACE_MS, HOUR);
  const hoursFrom = (await rollupMark(ctx.db, 'hours')) ?? (await oldestBucket(ctx.db, 'usage_minutes'));
  for (let h = floorTo(hoursFrom?.getTime() ?? hoursEnd, HOUR); h < hoursEnd && !signal?.aborted; h += HOUR) {
    await ctx.db.transaction((tx) =>
      rollUp(tx, 'hours', 'usage_minutes', 'usage_hours', new Date(h), new Date(h + HOUR)),
    );
  }
  if (signal?.aborted) {
    return;
  }
  // Every hour before hoursEnd is final now, also when there was nothing to roll up.
  await advanceMark(ctx.db, 'hours', new Date(hoursEnd));
  const hoursMark = await rollupMark(ctx.db, 'hours');
  const daysEnd = hoursMark ? floorTo(hoursMark.getTime(), DAY) : -Infinity;
  const daysFrom = (await rollupMark(ctx.db, 'days')) ?? (await oldestBucket(ctx.db, 'usage_hours'));
  for (let d = floorTo(daysFrom?.getTime() ?? daysEnd, DAY); d < daysEnd && !signal?.aborted; d += DAY) {
    await ctx.db.transaction((tx) => rollUp(tx, 'days', 'usage_hours', 'usage_days', new Date(d), new Date(d + DAY)));
  }
  if (signal?.aborted) {
    return;
  }
  if (daysEnd > -Infinity) {
    await advanceMark(ctx.db, 'days', new Date(daysEnd));
  }
  await purgeBuckets(ctx.db, 'usage_minutes', 'hours', new Date(now - MINUTES_KEPT_MS));
  await purgeBuckets(ctx.db, 'usage_hours', 'days', new Date(now - HOURS_KEPT_MS));
}

/** The oldest bucket of a table, or null when it is empty (the bucket index answers). */
async function oldestBucket(db: DbOrTx, table: 'usage_minutes' | 'usage_hours'): Promise<Date | null> {
  if (table === 'usage_minutes') {
    const [row] = await queryRows<{ min: number | null }>(db, sql`select min(hour) as min from usage_minutes`);
    return row?.min === null || row?.min === undefined ? null : new Date(Number(row.min) * HOUR);
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
async function advanceMark(db: DbOrTx, name: RollupName, until: Date): Promise<void> {
  await db.execute(sql`insert into usage_rollups (name, done_until) values (${name}, ${until.toISOString()}::timestamptz)
      on conflict (name) do update set done_until = greatest(usage_rollups.done_until, excluded.done_until)`);
}

/**
 * Drops the rows of `table` older than `before`, but never a row its rollup has not taken yet
 * (none before the rollup's first run).
 */
async function purgeBuckets(
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
