import { lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';

/** How long rows are kept (the maintenance job purges older ones). */
export const AUDIT_RETENTION_DAYS = 365;

/** The maintenance job's share: rows past the retention period, a bounded batch per call. */
export async function purgeOldAudit(db: DbOrTx, now: Date, batch = 5000): Promise<number> {
  const before = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000);
  const gone = await queryRows<{ id: string }>(
    db,
    sql`delete from audit_events where id in
          (select id from audit_events where ${lt(auditEvents.at, before)} limit ${batch}) returning id`,
  );
  return gone.length;
}
