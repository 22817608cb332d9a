import { promotionEndpoints, type TPage, type TPromotion } from '@proxy/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { promotions } from '../../db/schema/index.js';
import { offsetOf, toPage } from '../../lib/paging.js';
import { route, type RouteApp } from '../../lib/route.js';
import { toPromotion } from './queries.js';

/** GET /api/promotion/list: the site's promotions, newest first. */
export async function listPromotions(
  ctx: Pick<AppContext, 'db'>,
  siteId: string,
  q: { page: number; limit: number },
): Promise<TPage<TPromotion>> {
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(promotions)
      .where(eq(promotions.siteId, siteId))
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(promotions)
      .where(eq(promotions.siteId, siteId)),
  ]);
  return toPage(rows.map(toPromotion), count?.n ?? 0, q.page, q.limit);
}

export function listPromotionsRoute(app: RouteApp, opts: object): void {
  route(app, promotionEndpoints.list, opts, async (req) => listPromotions(app.ctx, req.site.id, req.query));
}
