import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Maintenance: drops email codes a day past their expiry and refresh tokens past theirs. */
export async function purgeExpiredCredentials(db: DbOrTx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.execute(sql`delete from email_codes where expires_at < ${dayAgo}`);
  await db.execute(sql`delete from refresh_tokens where expires_at < ${now.toISOString()}`);
}
