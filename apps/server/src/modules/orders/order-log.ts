import { orderAdminEndpoints, orderEndpoints, ZOrderLogI18n, type TOrderLog } from '@proxy/contract';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { orderLogs } from '../../db/schema/index.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { ownOrder, siteOrder } from './queries.js';

/** An order's log, newest first. */
async function orderLog(db: DbOrTx, orderId: string): Promise<TOrderLog[]> {
  const rows = await db
    .select()
    .from(orderLogs)
    .where(eq(orderLogs.orderId, orderId))
    .orderBy(desc(orderLogs.createdAt), desc(orderLogs.id));
  return rows.map((l) => ({
    action: l.action,
    result: l.result,
    note: l.note,
    noteI18n: ZOrderLogI18n.safeParse(l.noteI18n).data ?? null,
    amount: l.amount,
    createdAt: l.createdAt.toISOString(),
  }));
}

/** GET /api/order/bill-order: the log of one of the caller's orders. */
export async function orderBill(ctx: AppContext, userId: string, id: string): Promise<TOrderLog[]> {
  const order = await ownOrder(ctx.db, userId, id);
  return orderLog(ctx.db, order.id);
}

/** GET /api/order/admin/bill-order: the log of one order of the admin's site. */
export async function adminOrderLog(ctx: AppContext, siteId: string, id: string): Promise<TOrderLog[]> {
  const order = await siteOrder(ctx.db, siteId, id);
  return orderLog(ctx.db, order.id);
}

export function orderLogRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderEndpoints.billOrder, opts, async (req) => orderBill(app.ctx, req.user.id, req.query.orderId));
}

export function adminOrderLogRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderAdminEndpoints.billOrder, opts, async (req) =>
    adminOrderLog(app.ctx, req.site.id, req.query.orderId),
  );
}
