import { promotionEndpoints, type TPage, type TPromotion } from '@proxy/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { promotions } from '../../db/schema/index.js';
import { mapPage, pagedSelect } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { toPromotion } from './queries.js';

/** GET /api/promotion/list: the site's promotions, newest first. */
export async function listPromotions(
  ctx: Pick<AppContext, 'db'>,
  siteId: string,
  q: { page: number; limit: number },
): Promise<TPage<TPromotion>> {
  const p = await pagedSelect(
    ctx.db
      .select()
      .from(promotions)
      .where(eq(promotions.siteId, siteId))
      .orderBy(desc(promotions.createdAt), desc(promotions.id)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(promotions)
      .where(eq(promotions.siteId, siteId)),
    q.page,
    q.limit,
  );
  return mapPage(p, toPromotion);
}

export function listPromotionsRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, promotionEndpoints.list, opts, async (req) => listPromotions(app.ctx, req.site.id, req.query));
}
