import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/**
 * The abuse guards' tables, touched only by raw SQL: `rate_limits` (fixed-window counters shared by
 * every instance; lib/rate-limit.ts) and `used_captchas` (spent ALTCHA solutions; lib/captcha.ts).
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

export async function deleteRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Records a captcha solution as spent; false when it already was (a replay). */
export async function spendCaptchaSolution(db: DbOrTx, signature: string, expiresAt: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`
    insert into used_captchas (signature, expires_at) values (${signature}, ${expiresAt})
    on conflict (signature) do nothing returning signature`,
  );
  return rows.length > 0;
}

/** Maintenance: drops rate-limit windows and spent captchas past their expiry. */
export async function purgeExpiredLimits(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(sql`delete from rate_limits where expires_at < ${now.toISOString()}`);
  await db.execute(sql`delete from used_captchas where expires_at < ${now.toISOString()}`);
}

/** The hits counted in `key`'s current window (0 when there is none or it has ended). */
export async function readRateLimitCount(db: DbOrTx, key: string, now: Date): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${key} and expires_at > ${now.toISOString()}`,
  );
  return Number(rows[0]?.count ?? 0);
}
