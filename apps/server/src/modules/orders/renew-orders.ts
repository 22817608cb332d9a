import { randomUUID } from 'node:crypto';
import {
  orderEndpoints,
  periodToHours,
  quote,
  renewUnitPrice,
  type Period,
  type TransactionType,
} from '@proxy/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import * as catalog from '../catalog/index.js';
import { chargeBalance } from '../ledger/index.js';
import { prolongUpstreams, upstreamFirst } from '../suppliers/index.js';
import { logNotes } from './log-notes.js';
import type { OrderRow } from './mapper.js';
import {
  extendProxiesAndKeys,
  findOrder,
  insertLog,
  liveProxiesAndKeys,
  lockOrders,
  refreshOrders,
  updateOrder,
  type ProxiesAndKeys,
} from './queries.js';

/**
 * Renewing orders: the renew calls, the auto-renew job (its candidates, its lock and `renewOrderTx`),
 * and the order side of renewing proxies or keys one by one (modules/proxies).
 */

const RENEW_TYPE: Record<OrderRow['type'], { manual: TransactionType; auto: TransactionType }> = {
  v6: { manual: 'renew', auto: 'auto_renew' },
  v4: { manual: 'renew', auto: 'auto_renew' },
  package: { manual: 'renew_private', auto: 'auto_renew_private' },
  key: { manual: 'renew_key', auto: 'auto_renew_key' },
};

/** The period and the price of renewing an order's live items. */
async function orderRenewal(
  tx: Tx,
  order: OrderRow,
  count: number,
  periodOverride: Period | undefined,
): Promise<{ period: Period; cost: number }> {
  if (order.type === 'package' || order.type === 'key') {
    const pkg = order.packageId ? await catalog.findPackage(tx, order.packageId) : undefined;
    const period: Period = { unit: 'day', value: pkg?.days ?? order.periodValue };
    const perItem = pkg
      ? pkg.price
      : Math.floor(order.totalPrice / Math.max(1, order.type === 'key' ? order.quantity : 1));
    return { period, cost: order.type === 'key' ? perItem * count : perItem };
  }
  const period = periodOverride ?? { unit: order.periodUnit, value: order.periodValue };
  const price = await catalog.findRetailPrice(tx, order.siteId, order.product, order.country, period.unit);
  if (!price) {
    throw new AppError('INVALID_COUNTRY');
  }
  const unitPrice = renewUnitPrice({ retail: price.price, renew: price.renewPrice }, period);
  // `quote`, as a purchase: a total out of reach is MAX_PRICE_COINS, which the charge refuses.
  return { period, cost: quote({ unitPrice, period, quantity: count }).total };
}

/**
 * What auto-renewing `count` items of the user's order would cost now (the shortfall warning of
 * modules/notifications); undefined when the order is gone or has no price any more.
 */
export async function quoteRenewal(
  tx: Tx,
  userId: string,
  orderId: string,
  count: number,
): Promise<number | undefined> {
  const order = await findOrder(tx, userId, orderId);
  if (!order) {
    return undefined;
  }
  return orderRenewal(tx, order, count, undefined).then(
    (r) => r.cost,
    () => undefined,
  );
}

/**
 * The supplier proxies among a renewal's proxies are prolonged upstream before the customer pays
 * for them (modules/suppliers): a refusal throws NOT_ENOUGT_PROXY and the renewal's transaction
 * rolls back uncharged. Own-node proxies pass untouched. Called by every renewal that charges,
 * whose transaction runs inside `upstreamFirst` (the prolong itself happens between two runs).
 */
export async function prolongSupplied(
  ctx: AppContext,
  tx: Tx,
  user: { id: string; siteId: string },
  proxies: { id: string; orderId: string | null; expiresAt: Date }[],
  period: Period,
  cost: number,
): Promise<void> {
  await prolongUpstreams(ctx, tx, {
    siteId: user.siteId,
    userId: user.id,
    proxies,
    hours: periodToHours(period),
    revenue: cost,
    now: ctx.clock.now(),
  });
}

/**
 * Renews one order inside the caller's transaction: charge, extend, log. Used by the renew calls
 * and by the auto-renew job (`auto`), which renews before expiry and passes just the items whose
 * own flag is on (a retail or key order is priced per item; a package as a whole).
 */
export async function renewOrderTx(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  opts: { period?: Period; auto: boolean; due?: ProxiesAndKeys },
): Promise<number> {
  const now = ctx.clock.now();
  const due = opts.due ?? (await liveProxiesAndKeys(tx, order));
  const count = due.proxies.length + due.keys.length;
  if (count === 0) {
    throw new AppError('ORDER_EXPIRED');
  }
  const { period, cost } = await orderRenewal(tx, order, count, opts.period);
  await prolongSupplied(ctx, tx, { id: order.userId, siteId: order.siteId }, due.proxies, period, cost);
  await chargeBalance(tx, {
    userId: order.userId,
    cost,
    type: opts.auto ? RENEW_TYPE[order.type].auto : RENEW_TYPE[order.type].manual,
    content: `${order.code}: ${opts.auto ? 'auto-renew' : 'renew'} ${count} × ${period.value} ${period.unit}`,
    contentI18n: { key: opts.auto ? 'autoRenewOrder' : 'renewOrder', params: { code: order.code, count, period } },
    refType: 'order',
    refId: order.id,
    at: now,
  });
  await extendProxiesAndKeys(tx, due, period, now);
  await updateOrder(tx, order.id, { updatedAt: now, autoRenewFailedFor: null });
  await insertLog(tx, {
    id: randomUUID(),
    orderId: order.id,
    action: 'renew',
    result: 'success',
    ...logNotes.renew(opts.auto, period),
    amount: -cost,
    createdAt: now,
  });
  await recordAudit(ctx, tx, {
    userId: order.userId,
    action: 'order.renew',
    targetType: 'order',
    targetIds: [order.id],
    detail: { code: order.code, period, cost, count, ...(opts.auto ? { auto: true } : {}) },
  });
  await refreshOrders(tx, [order.id]);
  return cost;
}

/**
 * PUT /api/order/renew/:id and /api/order/renew-list-order (docs/money.md#renewals): only expired
 * orders or packages can be renewed. All or nothing: a cancelled order in the list refuses it with
 * ORDER_CANCELLED (it can never be renewed, docs/money.md#admin-order-actions), before a live one with
 * ORDER_NOT_EXPIRED (which can, once it expires).
 */
export async function renewOrders(ctx: AppContext, userId: string, ids: string[], period?: Period) {
  const unique = [...new Set(ids)];
  await upstreamFirst(ctx, () =>
    ctx.db.transaction(async (tx) => {
      const rows = await lockOrders(tx, userId, unique);
      if (rows.length !== unique.length) {
        throw new AppError('ORDER_NOT_EXIST');
      }
      if (rows.some((o) => o.status === 'cancelled')) {
        throw new AppError('ORDER_CANCELLED');
      }
      for (const o of rows) {
        if (o.status !== 'expired') {
          throw new AppError('ORDER_NOT_EXPIRED', { orderId: o.id });
        }
      }
      for (const o of rows) {
        await renewOrderTx(ctx, tx, o, { period, auto: false });
      }
    }),
  );
}

/**
 * The order log line of each order whose proxies or keys were renewed one by one (renew-list-proxy,
 * renew-list-key), with the order's share of the charge (`amounts`, coins per order id).
 */
export async function logProxyRenewals(
  tx: Tx,
  rows: { orderId: string | null }[],
  period: Period,
  now: Date,
  amounts: Map<string, number>,
  kind: 'proxies' | 'keys' = 'proxies',
): Promise<string[]> {
  const orderIds = [...new Set(rows.map((p) => p.orderId).filter((x): x is string => x !== null))];
  for (const orderId of orderIds) {
    const n = rows.filter((p) => p.orderId === orderId).length;
    await insertLog(tx, {
      id: randomUUID(),
      orderId,
      action: 'renew',
      result: 'success',
      ...(kind === 'keys' ? logNotes.renewKeys(n, period) : logNotes.renewProxies(n, period)),
      amount: -(amounts.get(orderId) ?? 0),
      createdAt: now,
    });
  }
  return orderIds;
}

export function renewOrdersRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, orderEndpoints.renew, opts, async (req) => {
    await renewOrders(app.ctx, req.user.id, [req.params.id], req.body.period);
    return { ok: true as const };
  });
  route(app, orderEndpoints.renewListOrder, opts, async (req) => {
    await renewOrders(app.ctx, req.user.id, req.body.listOrderId, req.body.period);
    return { ok: true as const };
  });
}

/**
 * The orders with proxies or keys due for auto-renew (own flag on, not locked, expiring within the
 * order's lead time: `leadMs`, or a quarter of the order's period when that is shorter). Driven by
 * the items (status/expiry index), not by scanning every order. Orders that already failed for this
 * expiry go last, so they cannot starve the others.
 */
export async function findAutoRenewCandidates(
  db: DbOrTx,
  now: string,
  leadMs: number,
  batch: number,
): Promise<string[]> {
  const horizon = new Date(new Date(now).getTime() + leadMs).toISOString();
  // The same hours as periodToHours (a month counted as 31 days: only periods under 4 × lead matter).
  const periodHours = sql`o.period_value * case o.period_unit
      when 'hour' then 1 when 'day' then 24 when 'week' then 168 else 744 end`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select o.id from (
          select p.order_id, min(p.expires_at) as first_due from proxies p
            where ${dueItem('p', horizon)} and p.key_id is null and p.order_id is not null group by p.order_id
          union all
          select k.order_id, min(k.expires_at) from rotating_keys k
            where ${dueItem('k', horizon)} and k.order_id is not null group by k.order_id
        ) d join orders o on o.id = d.order_id
        where o.status <> 'cancelled'
          and d.first_due <= ${now}::timestamptz
            + least(${leadMs} * interval '1 millisecond', ${periodHours} * interval '1 hour' / 4)
        order by (o.auto_renew_failed_for is not distinct from d.first_due), d.first_due limit ${batch}`,
  );
  return rows.map((r) => r.id);
}

/** A proxy or key that is due: its own flag on, not locked, expiring within the lead time. */
function dueItem(alias: 'p' | 'k', horizon: string) {
  const a = sql.raw(alias);
  return sql`${a}.auto_renew and ${a}.status in ('using', 'expired') and ${a}.expires_at <= ${horizon}::timestamptz`;
}

/** An order not cancelled, locked, or undefined when another instance holds it (SKIP LOCKED). */
export async function lockOrderSkipLocked(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), ne(orders.status, 'cancelled')))
    .for('update', { skipLocked: true });
  return order;
}
