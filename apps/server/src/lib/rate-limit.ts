import type { DbOrTx } from '../db/client.js';
import { countRateLimitHit, deleteRateLimit } from '../modules/rate-limits/index.js';
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
  const row = await countRateLimitHit(db, limit.key, now, windowEnd);
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
  await deleteRateLimit(db, key);
}

/**
 * Counts one hit of a fixed-window counter and returns the hits in the window so far, this one
 * included. The count is one atomic upsert, so parallel requests each see a different number.
 */
export async function countHit(db: DbOrTx, clock: Clock, key: string, windowSec: number): Promise<number> {
  const now = clock.now();
  const row = await countRateLimitHit(db, key, now, new Date(now.getTime() + windowSec * 1000));
  return Number(row?.count ?? 1);
}
