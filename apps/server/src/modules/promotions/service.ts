import { randomUUID } from 'node:crypto';
import type {
  TPage,
  TPromotion,
  TPromotionCreateRequest,
  TPromotionStats,
  TPromotionUpdateRequest,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { offsetOf, toPage } from '../../lib/paging.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import * as repo from './repository.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

export function toPromotion(r: repo.PromotionRow): TPromotion {
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

/** The site's running promotion (GET /api/promotion/get, the notice), or null. */
export async function runningPromotion(ctx: Ctx, siteId: string): Promise<TPromotion | null> {
  const row = await repo.findRunningPromotion(ctx.db, siteId, ctx.clock.now());
  return row ? toPromotion(row) : null;
}

/** "One active at a time": the partial unique index refuses a second, also under concurrent calls. */
async function oneActive<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('PROMOTION_ACTIVE_EXISTS');
    }
    throw err;
  }
}

export async function createPromotion(ctx: Ctx, siteId: string, body: TPromotionCreateRequest): Promise<TPromotion> {
  const now = ctx.clock.now();
  const row = await oneActive(() =>
    repo.insertPromotion(ctx.db, {
      id: randomUUID(),
      siteId,
      name: body.name,
      tiers: body.tiers,
      startsAt: new Date(body.startsAt),
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
      active: body.active ?? true,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return toPromotion(row);
}

export async function updatePromotion(
  ctx: Ctx,
  siteId: string,
  id: string,
  body: TPromotionUpdateRequest,
): Promise<TPromotion> {
  const current = await repo.findSitePromotion(ctx.db, siteId, id);
  if (!current) {
    throw new AppError('PROMOTION_NOT_EXISTS');
  }
  const startsAt = body.startsAt ? new Date(body.startsAt) : current.startsAt;
  const endsAt = body.endsAt === undefined ? current.endsAt : body.endsAt ? new Date(body.endsAt) : null;
  if (endsAt && endsAt <= startsAt) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: ['endsAt'], message: 'endsAt must be after startsAt' }],
    });
  }
  const row = await oneActive(() =>
    repo.updatePromotion(ctx.db, siteId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.tiers !== undefined ? { tiers: body.tiers } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      startsAt,
      endsAt,
      updatedAt: ctx.clock.now(),
    }),
  );
  if (!row) {
    throw new AppError('PROMOTION_NOT_EXISTS');
  }
  return toPromotion(row);
}

export async function listPromotions(
  ctx: Ctx,
  siteId: string,
  q: { page: number; limit: number },
): Promise<TPage<TPromotion>> {
  const [rows, total] = await Promise.all([
    repo.listSitePromotions(ctx.db, siteId, { limit: q.limit, offset: offsetOf(q.page, q.limit) }),
    repo.countSitePromotions(ctx.db, siteId),
  ]);
  return toPage(rows.map(toPromotion), total, q.page, q.limit);
}

export async function promotionStats(
  ctx: Ctx,
  siteId: string,
  q: { promotionId?: string; from?: string; to?: string },
): Promise<TPromotionStats> {
  if (q.promotionId && !(await repo.findSitePromotion(ctx.db, siteId, q.promotionId))) {
    throw new AppError('PROMOTION_NOT_EXISTS');
  }
  const f = await repo.grantFigures(ctx.db, siteId, q);
  return {
    bonusCoins: f.tiers.reduce((s, t) => s + t.bonusCoins, 0),
    topups: f.tiers.reduce((s, t) => s + t.topups, 0),
    users: f.users,
    byTier: f.tiers,
  };
}

/** The best tier `amount` reaches (the highest threshold at or below it), or null. */
export function tierFor(
  tiers: readonly { minAmount: number; percent: number }[],
  amount: number,
): { minAmount: number; percent: number } | null {
  let best: { minAmount: number; percent: number } | null = null;
  for (const t of tiers) {
    if (amount >= t.minAmount && (!best || t.minAmount > best.minAmount)) {
      best = t;
    }
  }
  return best;
}

/**
 * docs/money.md#promotions: the bonus a top-up credited now gets from the promotion running at
 * `at`, recorded once per top-up (promotion_grants). Called by the payments credit path inside
 * its transaction, under the top-up's row lock; the caller writes the `promotion` ledger row.
 */
export async function grantPromotionBonus(
  tx: DbOrTx,
  c: { siteId: string; topupId: string; userId: string; amount: number; at: Date },
): Promise<number> {
  if (c.amount <= 0) {
    return 0;
  }
  const promotion = await repo.findRunningPromotion(tx, c.siteId, c.at);
  const tier = promotion ? tierFor(promotion.tiers, c.amount) : null;
  if (!promotion || !tier) {
    return 0;
  }
  const bonus = Math.floor((c.amount * tier.percent) / 100);
  if (bonus <= 0) {
    return 0;
  }
  const fresh = await repo.insertGrant(tx, {
    topupId: c.topupId,
    promotionId: promotion.id,
    siteId: c.siteId,
    userId: c.userId,
    amount: c.amount,
    minAmount: tier.minAmount,
    percent: tier.percent,
    bonus,
    createdAt: c.at,
  });
  return fresh ? bonus : 0;
}

/** The running promotion's tiers for the site info (the dashboard notice and top-up page). */
export async function runningPromotionTiers(
  db: DbOrTx,
  siteId: string,
  at: Date,
): Promise<{ tiers: { minAmount: number; percent: number }[]; endsAt: string | null } | null> {
  const row = await repo.findRunningPromotion(db, siteId, at);
  return row ? { tiers: row.tiers, endsAt: row.endsAt ? row.endsAt.toISOString() : null } : null;
}
