import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Maintenance: drops mails sent more than a week ago (kept that long for "did the code go out?");
 * a customer's alerts and webhook deliveries, which their delivery log lists, after 30 days.
 */
export async function purgeSentMails(db: DbOrTx, now: Date): Promise<void> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000).toISOString();
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000).toISOString();
  await db.execute(sql`delete from outbox where sent_at < ${weekAgo} and user_id is null`);
  await db.execute(sql`delete from outbox where user_id is not null and created_at < ${monthAgo}`);
}
