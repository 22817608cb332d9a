import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/**
 * The fixed-window counters of `rate_limits`, shared by every instance (lib/rate-limit.ts, and the
 * API keys' per-key limits).
 */

/** A rate_limits row as the counter's upsert returns it. */
export interface RateLimitRow {
  count: number;
  expires_at: string | Date;
}

/**
 * Counts one hit of `key`: a new window when there is none or it has ended, else one more in the
 * current one. Returns the row after the hit.
 */
export async function countRateLimitHit(
  db: DbOrTx,
  key: string,
  now: Date,
  windowEnd: Date,
): Promise<RateLimitRow | undefined> {
  const rows = await queryRows<RateLimitRow>(
    db,
    sql`
    insert into rate_limits (key, window_start, count, expires_at)
    values (${key}, ${now.toISOString()}, 1, ${windowEnd.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.window_start else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.expires_at else rate_limits.expires_at end
    returning count, expires_at`,
  );
  return rows[0];
}

/** Ends `key`'s window: its next hit starts a new one. */
export async function deleteRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** The hits counted in `key`'s current window (0 when there is none or it has ended). */
export async function readRateLimitCount(db: DbOrTx, key: string, now: Date): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${key} and expires_at > ${now.toISOString()}`,
  );
  return Number(rows[0]?.count ?? 0);
}
