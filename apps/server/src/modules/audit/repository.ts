import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';

export type AuditRow = typeof auditEvents.$inferSelect;
export type AuditInsert = Omit<typeof auditEvents.$inferInsert, 'siteId'>;

/** The owner's site, read in the same statement: callers (jobs too) need not know it. */
const siteOf = (userId: string) => sql`(select site_id from users where id = ${userId})`;

/** One multi-row INSERT; rows of one statement may belong to several users. */
export async function insertAuditRows(db: DbOrTx, rows: AuditInsert[]): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  // PostgreSQL's limit of bind parameters per statement (65535) / ~12 per row.
  for (let i = 0; i < rows.length; i += 4000) {
    await db
      .insert(auditEvents)
      .values(rows.slice(i, i + 4000).map((r) => Object.assign({}, r, { siteId: siteOf(r.userId) })));
  }
}

/**
 * The aggregated row of a bucket (API-key use: key, client IP, hour): the first use inserts it
 * with count 1, every later one bumps `count` and `lastAt`.
 */
export async function bumpAuditBucket(db: DbOrTx, row: AuditInsert & { bucket: string }): Promise<void> {
  await db
    .insert(auditEvents)
    .values({ ...row, siteId: siteOf(row.userId) })
    .onConflictDoUpdate({
      target: [auditEvents.userId, auditEvents.bucket],
      targetWhere: sql`${auditEvents.bucket} is not null`,
      set: {
        detail: sql`jsonb_set(jsonb_set(${auditEvents.detail}, '{count}', to_jsonb(coalesce((${auditEvents.detail}->>'count')::int, 0) + 1)), '{lastAt}', ${sql.raw('excluded.detail')}->'lastAt')`,
      },
    });
}

export interface AuditFilter {
  userId: string;
  /** Rows about any of these (a proxy and its order). */
  targetIds?: string[];
  page: number;
  limit: number;
}

/** A page of one user's trail, newest first (index user_id, at / user_id, target_id, at). */
export async function pageAuditRows(db: DbOrTx, f: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
  const conds: SQL[] = [eq(auditEvents.userId, f.userId)];
  if (f.targetIds) {
    conds.push(inArray(auditEvents.targetId, f.targetIds));
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * The proxy, key or order if it is the user's (an id that is not theirs counts as not existing),
 * with the order a proxy or key belongs to: its trail shows that order's rows too (the purchase).
 */
export async function findOwnedTarget(
  db: DbOrTx,
  userId: string,
  type: 'proxy' | 'key' | 'order',
  id: string,
): Promise<{ orderId: string | null } | undefined> {
  const query = {
    proxy: sql`select order_id as "orderId" from proxies where id = ${id} and user_id = ${userId}`,
    key: sql`select order_id as "orderId" from rotating_keys where id = ${id} and user_id = ${userId}`,
    order: sql`select null as "orderId" from orders where id = ${id} and user_id = ${userId}`,
  }[type];
  const [row] = await queryRows<{ orderId: string | null }>(db, query);
  return row;
}

/** The retention sweep: rows older than `before`, a bounded batch per call. */
export async function purgeAuditRows(db: DbOrTx, before: Date, batch = 5000): Promise<number> {
  const gone = await queryRows<{ id: string }>(
    db,
    sql`delete from audit_events where id in
          (select id from audit_events where ${lt(auditEvents.at, before)} limit ${batch}) returning id`,
  );
  return gone.length;
}

export async function userInSite(db: DbOrTx, userId: string, siteId: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from users where id = ${userId} and site_id = ${siteId} limit 1`);
  return rows.length > 0;
}
