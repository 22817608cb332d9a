import { orderAdminEndpoints, orderEndpoints, type TOrder } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findUserById } from '../auth/index.js';
import { toOrder } from './mapper.js';
import { ownOrder, siteOrder, withExpiryRange } from './queries.js';

/** GET /api/order/detail/:id: one of the caller's orders, with the expiry range of its items. */
export async function orderDetail(ctx: AppContext, userId: string, id: string): Promise<TOrder> {
  const [order] = await withExpiryRange(ctx.db, [await ownOrder(ctx.db, userId, id)]);
  return order!;
}

/** GET /api/order/admin/detail/:id: one order of the admin's site, with its customer. */
export async function adminOrderDetail(ctx: AppContext, siteId: string, id: string) {
  const order = await siteOrder(ctx.db, siteId, id);
  const email = (await findUserById(ctx.db, order.userId))?.email ?? '';
  return { ...toOrder(order), userId: order.userId, email };
}

export function orderDetailRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderEndpoints.detail, opts, async (req) => orderDetail(app.ctx, req.user.id, req.params.id));
}

export function adminOrderDetailRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderAdminEndpoints.detail, opts, async (req) => adminOrderDetail(app.ctx, req.site.id, req.params.id));
}
