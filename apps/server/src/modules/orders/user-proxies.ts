import { orderAdminEndpoints } from '@proxy/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { nodes, proxies } from '../../db/schema/index.js';
import { offsetOf, toPage } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { toProxy } from './mapper.js';

/**
 * GET /api/order/admin/list-proxy: a page of one customer's proxies of the site (key listeners
 * excluded), newest first, for the customer page; a user of another site has none here.
 */
export async function adminUserProxies(ctx: AppContext, siteId: string, userId: string, page: number, limit: number) {
  const w = and(eq(proxies.userId, userId), eq(proxies.siteId, siteId), sql`${proxies.keyId} is null`);
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({ p: proxies, host: nodes.host })
      .from(proxies)
      .innerJoin(nodes, eq(nodes.id, proxies.nodeId))
      .where(w)
      .orderBy(desc(proxies.createdAt), asc(proxies.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db.select({ n: count() }).from(proxies).where(w),
  ]);
  return { items: rows.map((x) => toProxy(x.p, x.host)), total: totals[0]?.n ?? 0 };
}

export function adminUserProxiesRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderAdminEndpoints.listProxy, opts, async (req) => {
    const { userId, page, limit } = req.query;
    const r = await adminUserProxies(app.ctx, req.site.id, userId, page, limit);
    return toPage(r.items, r.total, page, limit);
  });
}
