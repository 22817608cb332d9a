import { randomUUID } from 'node:crypto';
import { orderAdminEndpoints, periodToHours, type Period } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { prolongUpstreams, upstreamFirst } from '../suppliers/index.js';
import { logNotes } from './log-notes.js';
import { toOrder } from './mapper.js';
import {
  extendProxiesAndKeys,
  insertLog,
  liveProxiesAndKeys,
  lockSiteOrder,
  refreshOrders,
  reloadOrder,
  updateOrder,
} from './queries.js';

/**
 * PUT /api/order/admin/extend/:id: extends the order's live proxies or keys (in use or expired, not yet locked) by a period, free
 * of charge: no ledger row, one order-log line. A cancelled order cannot be extended. Supplier
 * proxies are prolonged upstream first, as a paid renewal's are (modules/suppliers): a refusal
 * extends nothing and answers ADMIN_ERROR with the supplier's words, and the admins are alerted.
 */
export async function adminExtendOrder(ctx: AppContext, siteId: string, id: string, period: Period) {
  return upstreamFirst(ctx, () => extendAttempt(ctx, siteId, id, period));
}

function extendAttempt(ctx: AppContext, siteId: string, id: string, period: Period) {
  return ctx.db.transaction(async (tx) => {
    const order = await lockSiteOrder(tx, siteId, id);
    if (!order) {
      throw new AppError('ORDER_NOT_EXIST');
    }
    if (order.status === 'cancelled') {
      throw new AppError('ORDER_CANCELLED');
    }
    const live = await liveProxiesAndKeys(tx, order);
    const count = live.proxies.length + live.keys.length;
    if (count === 0) {
      throw new AppError('ORDER_EXPIRED');
    }
    const now = ctx.clock.now();
    await prolongUpstreams(ctx, tx, {
      free: true,
      siteId: order.siteId,
      userId: order.userId,
      proxies: live.proxies,
      hours: periodToHours(period),
      revenue: 0,
      now,
    });
    await extendProxiesAndKeys(tx, live, period, now);
    await updateOrder(tx, order.id, { updatedAt: now, autoRenewFailedFor: null });
    await insertLog(tx, {
      id: randomUUID(),
      orderId: order.id,
      action: 'admin_extend',
      result: 'success',
      ...logNotes.adminExtend(count, period),
      amount: 0,
      createdAt: now,
    });
    await recordAudit(ctx, tx, {
      userId: order.userId,
      action: 'order.extend',
      targetType: 'order',
      targetIds: [order.id],
      detail: { code: order.code, period, count },
    });
    await refreshOrders(tx, [order.id]);
    return toOrder(await reloadOrder(tx, order.id));
  });
}

export function extendOrderRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderAdminEndpoints.extend, opts, async (req) =>
    adminExtendOrder(app.ctx, req.site.id, req.params.id, req.body.period),
  );
}
