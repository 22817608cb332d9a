import { orderAdminEndpoints } from '@proxy/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { proxies } from '../../db/schema/index.js';
import { mapPage } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { toProxy } from './mapper.js';
import { pageProxies } from './queries.js';

/**
 * GET /api/order/admin/list-proxy: a page of one customer's proxies of the site (key listeners
 * excluded), newest first, for the customer page; a user of another site has none here.
 */
export async function adminUserProxies(ctx: AppContext, siteId: string, userId: string, page: number, limit: number) {
  const p = await pageProxies(
    ctx.db,
    and(eq(proxies.userId, userId), eq(proxies.siteId, siteId), sql`${proxies.keyId} is null`),
    [desc(proxies.createdAt), asc(proxies.id)],
    page,
    limit,
  );
  return mapPage(p, (x) => toProxy(x.p, x.host));
}

export function adminUserProxiesRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderAdminEndpoints.listProxy, opts, async (req) => {
    const { userId, page, limit } = req.query;
    return adminUserProxies(app.ctx, req.site.id, userId, page, limit);
  });
}
