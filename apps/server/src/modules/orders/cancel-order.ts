import { randomUUID } from 'node:crypto';
import { orderAdminEndpoints, ROLE } from '@proxy/contract';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { orders, proxies, rotatingKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { releasePlacements } from '../allocation/index.js';
import { recordAudit } from '../audit/index.js';
import { findUserById } from '../auth/index.js';
import { changeBalance } from '../ledger/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { publish } from '../realtime/index.js';
import { logNotes } from './log-notes.js';
import { insertLog, lockLiveKeysOfOrder, lockLiveProxiesOfOrder, lockSiteOrder } from './queries.js';

export interface AdminActor {
  id: string;
  role: number;
  siteId: string;
}

async function lockKeysForGood(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  if (ids.length) {
    await db
      .update(rotatingKeys)
      .set({ status: 'locked', lockedAt: at, proxyId: null, autoRenew: false, updatedAt: at })
      .where(inArray(rotatingKeys.id, ids));
  }
}

async function lockProxiesForGood(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  if (ids.length) {
    await db
      .update(proxies)
      .set({ status: 'locked', lockedAt: at, autoRenew: false, updatedAt: at })
      .where(inArray(proxies.id, ids));
  }
}

async function markOrderCancelled(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'cancelled', holdsPlan: false, autoRenew: false, updatedAt: at })
    .where(eq(orders.id, id));
}

/**
 * PUT /api/order/admin/cancel/:id: cancels the order: its proxies and keys are locked for good and their ports and pool addresses
 * go back to the pool, the order is marked cancelled, and `amount` coins (at most the order's
 * total) are refunded in one ledger row. The order row is locked first, so of concurrent cancels
 * one does the work and the others find it cancelled and refund nothing.
 */
export async function adminCancelOrder(ctx: AppContext, actor: AdminActor, siteId: string, id: string, amount: number) {
  return ctx.db.transaction(async (tx) => {
    const order = await lockSiteOrder(tx, siteId, id);
    if (!order) {
      throw new AppError('ORDER_NOT_EXIST');
    }
    if (order.status === 'cancelled') {
      return { status: 'cancelled' as const, refunded: 0, released: 0 };
    }
    if (amount > order.totalPrice) {
      throw new AppError('VALIDATION_ERROR', { field: 'amount', max: order.totalPrice });
    }
    // Money moves only for a site admin's customers; the owner may refund anyone.
    if (amount > 0 && actor.role !== ROLE.OWNER && (await findUserById(tx, order.userId))?.role !== ROLE.CUSTOMER) {
      throw new AppError('FORBIDDEN');
    }
    const now = ctx.clock.now();
    const keys = await lockLiveKeysOfOrder(tx, order.id);
    const proxies = await lockLiveProxiesOfOrder(tx, order.id);
    const proxyIds = proxies.map((p) => p.id);
    await lockKeysForGood(
      tx,
      keys.map((k) => k.id),
      now,
    );
    await lockProxiesForGood(tx, proxyIds, now);
    await releasePlacements(tx, proxyIds);
    await recordProxyChanges(tx, proxyIds);
    await markOrderCancelled(tx, order.id, now);
    const count = order.type === 'key' ? keys.length : proxies.length;
    if (amount > 0) {
      await changeBalance(tx, {
        userId: order.userId,
        amount,
        type: 'refund',
        content: `${order.code}: refund for the cancelled order`,
        contentI18n: { key: 'orderRefund', params: { code: order.code } },
        refType: 'order',
        refId: order.id,
        actorId: actor.id,
        at: now,
      });
    }
    await insertLog(tx, {
      id: randomUUID(),
      orderId: order.id,
      action: 'admin_cancel',
      result: 'success',
      ...logNotes.adminCancel(count, amount),
      amount,
      createdAt: now,
    });
    await recordAudit(ctx, tx, {
      userId: order.userId,
      action: 'order.cancel',
      targetType: 'order',
      targetIds: [order.id],
      detail: { code: order.code, refunded: amount, count },
    });
    await publish(tx, order.userId, { type: 'order.updated', data: { id: order.id, status: 'cancelled' } });
    return { status: 'cancelled' as const, refunded: amount, released: count };
  });
}

export function cancelOrderRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderAdminEndpoints.cancel, opts, async (req) =>
    adminCancelOrder(
      app.ctx,
      { id: req.user.id, role: req.user.role, siteId: req.site.id },
      req.site.id,
      req.params.id,
      req.body.amount,
    ),
  );
}
