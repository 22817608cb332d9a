import { randomUUID } from 'node:crypto';
import { orderEndpoints } from '@proxy/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { proxies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import * as catalog from '../catalog/index.js';
import { chargeBalance } from '../ledger/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { logNotes } from './log-notes.js';
import { insertLog, lockOrders, updateOrder } from './queries.js';

async function setOrderBandwidthLimit(db: DbOrTx, orderId: string, gb: number, at: Date): Promise<string[]> {
  const changed = await db
    .update(proxies)
    .set({ bandwidthLimitGb: gb, updatedAt: at })
    .where(eq(proxies.orderId, orderId))
    .returning({ id: proxies.id });
  return changed.map((p) => p.id);
}

/** PUT /api/order/increase-bandwidth/:id: adds bandwidth to a package order (docs/product-rules.md#purchases: "Bandwidth has reached its maximum"). */
export async function increaseBandwidth(
  ctx: AppContext,
  user: { id: string; siteId: string },
  orderId: string,
  gb: number,
) {
  return ctx.db.transaction(async (tx) => {
    const [order] = await lockOrders(tx, user.id, [orderId]);
    if (!order) {
      throw new AppError('ORDER_NOT_EXIST');
    }
    if (order.type !== 'package' || order.bandwidthGb === null) {
      throw new AppError('PROXY_NOT_VALID');
    }
    if (order.status !== 'using') {
      throw new AppError('ORDER_EXPIRED');
    }
    const price = await catalog.findBandwidthPrice(tx, user.siteId);
    if (!price) {
      throw new AppError('PLAN_NOT_EXISTS');
    }
    const total = order.bandwidthGb + gb;
    if (total > price.maxGb) {
      throw new AppError('BANDWIDTH_MAX', { maxGb: price.maxGb, currentGb: order.bandwidthGb });
    }
    const now = ctx.clock.now();
    const cost = price.pricePerGb * gb;
    await chargeBalance(tx, {
      userId: user.id,
      cost,
      type: 'increase_bandwidth',
      content: `${order.code}: +${gb} GB`,
      contentI18n: { key: 'bandwidth', params: { code: order.code, gb } },
      refType: 'order',
      refId: order.id,
      at: now,
    });
    await updateOrder(tx, order.id, { bandwidthGb: total, updatedAt: now });
    await recordProxyChanges(tx, await setOrderBandwidthLimit(tx, order.id, total, now));
    await recordAudit(ctx, tx, {
      userId: user.id,
      action: 'order.bandwidth',
      targetType: 'order',
      targetIds: [order.id],
      detail: { code: order.code, gb, totalGb: total, cost },
    });
    await insertLog(tx, {
      id: randomUUID(),
      orderId: order.id,
      action: 'increase_bandwidth',
      result: 'success',
      ...logNotes.bandwidth(gb),
      amount: -cost,
      createdAt: now,
    });
    return { bandwidthGb: total, cost };
  });
}

export function increaseBandwidthRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, orderEndpoints.increaseBandwidth, opts, async (req) =>
    increaseBandwidth(app.ctx, { id: req.user.id, siteId: req.site.id }, req.params.id, req.body.bandwidth),
  );
}
