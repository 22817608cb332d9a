import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.js';
import { AppError } from './errors.js';
import type { Clock } from './clock.js';

export interface Limit {
  /** Counter key, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSec: number;
}

/**
 * Fixed-window counter in the database, so every API instance shares it. Counts the hit and
 * throws TOO_MANY_REQUEST (or `code`) with remainTime when the window is already full.
 */
export async function hitLimit(
  db: DbOrTx,
  clock: Clock,
  limit: Limit,
  code: 'TOO_MANY_REQUEST' = 'TOO_MANY_REQUEST',
): Promise<void> {
  const now = clock.now();
  const windowEnd = new Date(now.getTime() + limit.windowSec * 1000);
  const rows = await queryRows<{ count: number; expires_at: string | Date }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count, expires_at)
    values (${limit.key}, ${now.toISOString()}, 1, ${windowEnd.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.window_start else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.expires_at else rate_limits.expires_at end
    returning count, expires_at`,
  );
  const row = rows[0];
  if (!row) {
    return;
  }
  if (Number(row.count) > limit.max) {
    const remainMs = new Date(row.expires_at).getTime() - now.getTime();
    throw new AppError(code, { remainTime: Math.max(1, Math.ceil(remainMs / 1000)) });
  }
}

/** Forgets a counter, e.g. the per-account failure count after a successful login. */
export async function resetLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
