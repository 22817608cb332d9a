import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { promotionGrants, promotions } from '../../db/schema/index.js';

export type PromotionRow = typeof promotions.$inferSelect;

/** The promotion that gives bonuses on this site at `at`: switched on and within its window. */
export async function findRunningPromotion(db: DbOrTx, siteId: string, at: Date): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.siteId, siteId),
        eq(promotions.active, true),
        sql`${promotions.startsAt} <= ${at.toISOString()}`,
        sql`(${promotions.endsAt} is null or ${promotions.endsAt} > ${at.toISOString()})`,
      ),
    )
    .limit(1);
  return row;
}

export async function findSitePromotion(db: DbOrTx, siteId: string, id: string): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.siteId, siteId)))
    .limit(1);
  return row;
}

export async function countSitePromotions(db: DbOrTx, siteId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promotions)
    .where(eq(promotions.siteId, siteId));
  return row?.n ?? 0;
}

export async function listSitePromotions(
  db: DbOrTx,
  siteId: string,
  page: { limit: number; offset: number },
): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(eq(promotions.siteId, siteId))
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Throws the unique violation of "one active per site" to the caller. */
export async function insertPromotion(db: DbOrTx, values: typeof promotions.$inferInsert): Promise<PromotionRow> {
  const [row] = await db.insert(promotions).values(values).returning();
  return row!;
}

/** Throws the unique violation of "one active per site" to the caller. */
export async function updatePromotion(
  db: DbOrTx,
  siteId: string,
  id: string,
  patch: Partial<typeof promotions.$inferInsert>,
): Promise<PromotionRow | undefined> {
  const [row] = await db
    .update(promotions)
    .set(patch)
    .where(and(eq(promotions.id, id), eq(promotions.siteId, siteId)))
    .returning();
  return row;
}

/** Records a top-up's bonus; false when that top-up already has one (nothing is written). */
export async function insertGrant(db: DbOrTx, values: typeof promotionGrants.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(promotionGrants)
    .values(values)
    .onConflictDoNothing({ target: promotionGrants.topupId })
    .returning({ id: promotionGrants.topupId });
  return rows.length === 1;
}

export interface TierFigures {
  minAmount: number;
  percent: number;
  topups: number;
  users: number;
  bonusCoins: number;
}

/** Bonuses granted on the site, per tier, optionally of one promotion and within [from, to). */
export async function grantFigures(
  db: DbOrTx,
  siteId: string,
  f: { promotionId?: string; from?: string; to?: string },
): Promise<{ tiers: TierFigures[]; users: number }> {
  const where = sql.join(
    [
      sql`site_id = ${siteId}`,
      f.promotionId ? sql`promotion_id = ${f.promotionId}` : undefined,
      f.from ? sql`created_at >= ${f.from}` : undefined,
      f.to ? sql`created_at < ${f.to}` : undefined,
    ].filter((x) => x !== undefined),
    sql` and `,
  );
  const rows = await queryRows<{ min_amount: string; percent: number; topups: string; users: string; bonus: string }>(
    db,
    sql`select min_amount, percent, count(*) as topups, count(distinct user_id) as users, sum(bonus) as bonus
          from promotion_grants where ${where}
         group by min_amount, percent order by min_amount, percent`,
  );
  const [all] = await queryRows<{ users: string }>(
    db,
    sql`select count(distinct user_id) as users from promotion_grants where ${where}`,
  );
  return {
    tiers: rows.map((r) => ({
      minAmount: Number(r.min_amount),
      percent: Number(r.percent),
      topups: Number(r.topups),
      users: Number(r.users),
      bonusCoins: Number(r.bonus),
    })),
    users: Number(all?.users ?? 0),
  };
}
