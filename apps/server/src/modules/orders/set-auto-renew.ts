import { orderEndpoints } from '@proxy/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { orders, proxies, rotatingKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { updateUser } from '../auth/index.js';
import { lockOrderIds, lockOrders, syncOrderAutoRenew, updateOrder } from './queries.js';

/** The auto-renew switches: an order's (its proxies and keys) and the account's (its private IPv4 packages). */

/** The order switch sets the flag of all its proxies and keys. */
async function setOrderItemsAutoRenew(db: DbOrTx, orderId: string, autoRenew: boolean, at: Date) {
  await db.update(proxies).set({ autoRenew, updatedAt: at }).where(eq(proxies.orderId, orderId));
  await db.update(rotatingKeys).set({ autoRenew, updatedAt: at }).where(eq(rotatingKeys.orderId, orderId));
}

async function privatePackageOrderIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.type, 'package'), eq(orders.product, 'v4')));
  return rows.map((o) => o.id);
}

/** The live proxies of the user's private IPv4 packages take the account switch; returns their orders. */
async function setPrivatePackageProxiesAutoRenew(
  db: DbOrTx,
  userId: string,
  autoRenew: boolean,
  at: Date,
): Promise<string[]> {
  const changed = await queryRows<{ order_id: string }>(
    db,
    sql`update proxies p set auto_renew = ${autoRenew}, updated_at = ${at.toISOString()}
          from orders o
          where p.order_id = o.id and o.user_id = ${userId} and o.type = 'package' and o.product = 'v4'
            and p.user_id = ${userId} and p.status <> 'locked'
          returning p.order_id`,
  );
  return changed.map((r) => r.order_id);
}

/** PUT /api/order/auto-renew/:id: the order switch (/order page) sets the flags of all its proxies and keys. */
export async function setOrderAutoRenew(ctx: AppContext, userId: string, orderId: string, autoRenew: boolean) {
  await ctx.db.transaction(async (tx) => {
    const [order] = await lockOrders(tx, userId, [orderId]);
    if (!order) {
      throw new AppError('ORDER_NOT_EXIST');
    }
    const now = ctx.clock.now();
    await updateOrder(tx, orderId, { autoRenew, updatedAt: now });
    await setOrderItemsAutoRenew(tx, orderId, autoRenew, now);
    await recordAudit(ctx, tx, {
      userId,
      action: 'order.auto-renew',
      targetType: 'order',
      targetIds: [orderId],
      detail: { code: order.code, autoRenew },
    });
  });
}

/**
 * The account switch (PUT /api/user/auto-renew): the user's private IPv4 package proxies follow
 * it now, and packages bought while it is on start with their flag on (buyPackage).
 */
export async function setPrivateAutoRenew(ctx: AppContext, userId: string, autoRenew: boolean) {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await lockOrderIds(tx, await privatePackageOrderIds(tx, userId));
    await syncOrderAutoRenew(tx, await setPrivatePackageProxiesAutoRenew(tx, userId, autoRenew, now));
    // The user row last: charging paths lock order, items, then the user (changeBalance), so
    // taking the user first here could deadlock with them.
    await updateUser(tx, userId, { autoRenewPrivate: autoRenew, updatedAt: now });
    await recordAudit(ctx, tx, {
      userId,
      action: 'account.auto-renew-private',
      targetType: 'account',
      detail: { autoRenew },
    });
  });
}

export function setAutoRenewRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderEndpoints.autoRenew, opts, async (req) => {
    await setOrderAutoRenew(app.ctx, req.user.id, req.params.id, req.body.autoRenew);
    return { ok: true as const };
  });
}
