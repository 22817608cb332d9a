import type { TPromotion } from '@proxy/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { promotions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { uniqueViolationAs } from '../../lib/pg-errors.js';

export type PromotionRow = typeof promotions.$inferSelect;

export function toPromotion(r: PromotionRow): TPromotion {
  return {
    id: r.id,
    name: r.name,
    tiers: r.tiers.map((t) => ({ minAmount: t.minAmount, percent: t.percent })),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt ? r.endsAt.toISOString() : null,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
  };
}

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

/** One of the site's promotions; another site's id is PROMOTION_NOT_EXISTS, as an unknown one. */
export async function sitePromotion(db: DbOrTx, siteId: string, id: string): Promise<PromotionRow> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.siteId, siteId)))
    .limit(1);
  return row ?? notExists();
}

export function notExists(): never {
  throw new AppError('PROMOTION_NOT_EXISTS');
}

/** "One active at a time": the partial unique index refuses a second, also under concurrent calls. */
export function oneActive<T>(work: () => Promise<T>): Promise<T> {
  return uniqueViolationAs('PROMOTION_ACTIVE_EXISTS', work);
}
