import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Maintenance: drops rate-limit windows and spent captchas past their expiry. */
export async function purgeExpiredLimits(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(sql`delete from rate_limits where expires_at < ${now.toISOString()}`);
  await db.execute(sql`delete from used_captchas where expires_at < ${now.toISOString()}`);
}
