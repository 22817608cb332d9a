import { promotionEndpoints, type TPromotion } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findRunningPromotion, toPromotion } from './queries.js';

/** GET /api/promotion/get: the site's running promotion (the notice), or null. */
export async function runningPromotion(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  siteId: string,
): Promise<TPromotion | null> {
  const row = await findRunningPromotion(ctx.db, siteId, ctx.clock.now());
  return row ? toPromotion(row) : null;
}

/** The running promotion's tiers for the site info (the dashboard notice and top-up page). */
export async function runningPromotionTiers(
  db: DbOrTx,
  siteId: string,
  at: Date,
): Promise<{ tiers: { minAmount: number; percent: number }[]; endsAt: string | null } | null> {
  const row = await findRunningPromotion(db, siteId, at);
  return row ? { tiers: row.tiers, endsAt: row.endsAt ? row.endsAt.toISOString() : null } : null;
}

export function runningPromotionRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, promotionEndpoints.get, opts, async (req) => runningPromotion(app.ctx, req.site.id));
}
