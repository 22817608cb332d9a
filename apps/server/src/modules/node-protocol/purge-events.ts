import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Maintenance: drops the node change log and traffic reports older than a day. Nodes that were
 * away longer than this resync in full instead of replaying changes.
 */
export async function purgeOldNodeEvents(db: DbOrTx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.execute(sql`delete from proxy_events where created_at < ${dayAgo}`);
  await db.execute(sql`delete from traffic_reports where created_at < ${dayAgo}`);
}
