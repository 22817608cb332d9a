import { orderAdminEndpoints } from '@proxy/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { nodes, proxies, rotatingKeys } from '../../db/schema/index.js';
import { pagedSelect } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { toKey, toProxy } from './mapper.js';
import { keyLine, pageProxies, siteOrder } from './queries.js';

/** A page of an order's keys with their listener's line. */
async function pageOrderKeys(db: DbOrTx, orderId: string, page: number, limit: number) {
  const w = eq(rotatingKeys.orderId, orderId);
  return pagedSelect(
    db
      .select({ k: rotatingKeys, line: keyLine })
      .from(rotatingKeys)
      .leftJoin(proxies, eq(proxies.id, rotatingKeys.proxyId))
      .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
      .where(w)
      .orderBy(asc(rotatingKeys.createdAt), asc(rotatingKeys.id)),
    db.select({ n: count() }).from(rotatingKeys).where(w),
    page,
    limit,
  );
}

/** GET /api/order/admin/list-unit: a page of the order's proxies, or of its keys for a key order. */
export async function adminOrderItems(ctx: AppContext, siteId: string, id: string, page: number, limit: number) {
  const order = await siteOrder(ctx.db, siteId, id);
  if (order.type === 'key') {
    const r = await pageOrderKeys(ctx.db, order.id, page, limit);
    return { proxies: [], keys: r.items.map((x) => toKey(x.k, x.line)), total: r.total };
  }
  // Key listeners excluded, by port.
  const r = await pageProxies(
    ctx.db,
    and(eq(proxies.orderId, order.id), sql`${proxies.keyId} is null`),
    [asc(proxies.port), asc(proxies.id)],
    page,
    limit,
  );
  return { proxies: r.items.map((x) => toProxy(x.p, x.host)), keys: [], total: r.total };
}

export function adminOrderItemsRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderAdminEndpoints.listItems, opts, async (req) => {
    const { orderId, page, limit } = req.query;
    return { ...(await adminOrderItems(app.ctx, req.site.id, orderId, page, limit)), page, limit };
  });
}
