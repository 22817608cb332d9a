import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** The statements and definitions two or more of the module's use cases share. */

/** The NOTIFY channel of traffic reports: a wake-up for the live streams, the tables are the record. */
export const USAGE_CHANNEL = 'usage_reports';

const HOUR_S = 3600;

/** The rows of usage_minutes matching `where` (alias u) as one row per minute with traffic. */
export const minuteRows = (where: SQL) =>
  sql`select u.proxy_id, to_timestamp(u.hour::bigint * 3600 + (s.m - 1) * 60) as bucket, s.i as bytes_in, s.o as bytes_out, u.updated_at
      from usage_minutes u cross join lateral unnest(u.bytes_in, u.bytes_out) with ordinality as s(i, o, m)
      where (${where}) and (s.i <> 0 or s.o <> 0)`;

/** The hour numbers whose rows may hold minutes in [from, to). */
export const hourFloor = (d: Date) => Math.floor(d.getTime() / (HOUR_S * 1000));

export type RollupName = 'hours' | 'days';

/** Until when a rollup is final, or null before its first run. */
export async function rollupMark(db: DbOrTx, name: RollupName): Promise<Date | null> {
  const [row] = await queryRows<{ done_until: Date | string }>(
    db,
    sql`select done_until from usage_rollups where name = ${name}`,
  );
  return row ? new Date(row.done_until) : null;
}
