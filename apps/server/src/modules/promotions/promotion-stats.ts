import { promotionEndpoints, type TPromotionStats } from '@proxy/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { sitePromotion } from './queries.js';

/**
 * GET /api/promotion/stats: bonuses granted on the site, per tier, optionally of one promotion and
 * within [from, to).
 */
export async function promotionStats(
  ctx: Pick<AppContext, 'db'>,
  siteId: string,
  q: { promotionId?: string; from?: string; to?: string },
): Promise<TPromotionStats> {
  if (q.promotionId) {
    await sitePromotion(ctx.db, siteId, q.promotionId);
  }
  const where = sql.join(
    [
      sql`site_id = ${siteId}`,
      q.promotionId ? sql`promotion_id = ${q.promotionId}` : undefined,
      q.from ? sql`created_at >= ${q.from}` : undefined,
      q.to ? sql`created_at < ${q.to}` : undefined,
    ].filter((x) => x !== undefined),
    sql` and `,
  );
  const [rows, [all]] = await Promise.all([
    queryRows<{ min_amount: string; percent: number; topups: string; users: string; bonus: string }>(
      ctx.db,
      sql`select min_amount, percent, count(*) as topups, count(distinct user_id) as users, sum(bonus) as bonus
            from promotion_grants where ${where}
           group by min_amount, percent order by min_amount, percent`,
    ),
    queryRows<{ users: string }>(
      ctx.db,
      sql`select count(distinct user_id) as users from promotion_grants where ${where}`,
    ),
  ]);
  const byTier = rows.map((r) => ({
    minAmount: Number(r.min_amount),
    percent: Number(r.percent),
    topups: Number(r.topups),
    users: Number(r.users),
    bonusCoins: Number(r.bonus),
  }));
  return {
    bonusCoins: byTier.reduce((s, t) => s + t.bonusCoins, 0),
    topups: byTier.reduce((s, t) => s + t.topups, 0),
    users: Number(all?.users ?? 0),
    byTier,
  };
}

export function promotionStatsRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, promotionEndpoints.stats, opts, async (req) => promotionStats(app.ctx, req.site.id, req.query));
}
