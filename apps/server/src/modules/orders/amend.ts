import { randomUUID } from 'node:crypto';
import {
  discountPercent,
  orderEndpoints,
  prorate,
  prorateEach,
  remainingHours,
  type ErrorCode,
  type TOrder,
  type TProxy,
} from '@proxy/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { orders, proxies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import * as catalog from '../catalog/index.js';
import { chargeBalance } from '../ledger/index.js';
import { allocatePlacements, claimEgress, holdEgressIps, releaseEgressIps } from '../allocation/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { assertProductOpen, insertProxies, type Buyer } from './purchase.js';
import { toOrder, toProxy, type OrderRow, type ProxyRow } from './mapper.js';
import { logNotes, type LogNote } from './log-notes.js';
import { recordAudit } from '../audit/index.js';
import { insertLog, lockOrders, refreshOrders, reloadOrder } from './queries.js';
import { assertRetailQuantity, findSellingRetailPrice } from './retail-price.js';

/**
 * Amending a retail order in use (increase-amount, change-country): priced by the contract's
 * `prorate`, in a savepoint so a short balance or pool leaves a failed log line and nothing else.
 */

type RetailOrder = OrderRow & { type: 'v6' | 'v4'; expiresAt: Date };

/**
 * The caller's retail order, locked, in use and not yet past its expiry: the state increase
 * amount and change country need. The errors are those of increase-bandwidth.
 */
async function lockUsingRetailOrder(tx: Tx, userId: string, orderId: string, now: Date): Promise<RetailOrder> {
  const [order] = await lockOrders(tx, userId, [orderId]);
  if (!order) {
    throw new AppError('ORDER_NOT_EXIST');
  }
  if (order.type !== 'v6' && order.type !== 'v4') {
    throw new AppError('PROXY_NOT_VALID');
  }
  // Still "using" between its expiry and the next lifecycle sweep: nothing is left to prorate.
  if (order.status !== 'using' || !order.expiresAt || order.expiresAt <= now) {
    throw new AppError('ORDER_EXPIRED');
  }
  return order as RetailOrder;
}

/** Failures of the operation itself (not of the request) leave a "fail" line in the order log. */
const LOGGED_FAILURES = new Set<ErrorCode>(['NOT_ENOUGH_MONEY', 'NOT_ENOUGT_PROXY']);

/**
 * Runs the charge-and-change part of an operation in a savepoint, as auto-renew does: when the
 * balance or the pool is short, the savepoint rolls back (no charge, no allocation) and the fail
 * log is written in the outer transaction; the caller throws the error once that has committed.
 */
async function attempt<T>(
  tx: Tx,
  log: { orderId: string; action: 'increase_amount' | 'change_country'; note: LogNote; at: Date },
  run: (sp: Tx) => Promise<T>,
): Promise<{ ok: T } | { failed: AppError }> {
  try {
    return { ok: await tx.transaction(run) };
  } catch (err) {
    if (!(err instanceof AppError) || !LOGGED_FAILURES.has(err.code)) {
      throw err;
    }
    await insertLog(tx, {
      id: randomUUID(),
      orderId: log.orderId,
      action: log.action,
      result: 'fail',
      ...logNotes.failed(log.note, err.code),
      amount: 0,
      createdAt: log.at,
    });
    return { failed: err };
  }
}

function unwrap<T>(r: { ok: T } | { failed: AppError }): T {
  if ('failed' in r) {
    throw r.failed;
  }
  return r.ok;
}

/**
 * PUT /api/order/increase-amount/:id: `amount` more proxies on a using retail order, with its
 * country, protocol, auto-renew and expiry, at the retail price of its unit prorated for the
 * remaining hours, with the discount tier of the order's new quantity.
 */
export async function increaseAmount(
  ctx: AppContext,
  user: Buyer,
  orderId: string,
  amount: number,
): Promise<{ order: TOrder; proxies: TProxy[]; cost: number }> {
  return unwrap(
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const order = await lockUsingRetailOrder(tx, user.id, orderId, now);
      const product = order.type;
      // More of a product, or the same in another country, is a sale: a closed product refuses it.
      await assertProductOpen(tx, user.siteId, product);
      const price = await findSellingRetailPrice(tx, user.siteId, product, order.country, order.periodUnit);
      const quantity = order.quantity + amount;
      // As buy-retail: a multiple of the step, and the order stays within the maximum.
      assertRetailQuantity(
        price,
        amount,
        quantity,
        {
          path: 'body.amount',
          message: `must be a multiple of ${price.quantityStep}, with the order at most ${price.maxQuantity}`,
        },
        { quantity: order.quantity },
      );
      const hours = remainingHours(order.expiresAt, now);
      const tiers = await catalog.listDiscountTiers(tx, user.siteId, product);
      const q = prorate({
        unitPrice: price.price,
        unit: order.periodUnit,
        hours,
        quantity: amount,
        discountPercent: discountPercent(tiers, quantity),
      });
      const note = logNotes.increaseAmount(amount, hours);
      return attempt(tx, { orderId: order.id, action: 'increase_amount', note, at: now }, async (sp) => {
        await chargeBalance(sp, {
          userId: user.id,
          cost: q.total,
          price: q.gross,
          type: 'increase_amount',
          content: `${order.code}: +${amount} × ${product.toUpperCase()} ${order.country}, ${hours} h`,
          contentI18n: {
            key: 'increaseAmount',
            params: { code: order.code, quantity: amount, product, country: order.country, hours },
          },
          refType: 'order',
          refId: order.id,
          at: now,
        });
        const { placements, rows } = await addProxies(sp, user, order, amount, now);
        await addToOrderTotal(sp, order.id, q.total, { quantity, updatedAt: now });
        await logSuccess(sp, order.id, 'increase_amount', note, q.total, now);
        await recordAudit(ctx, sp, {
          userId: user.id,
          action: 'order.increase-amount',
          targetType: 'order',
          targetIds: [order.id],
          detail: { code: order.code, amount, quantity, cost: q.total },
        });
        await refreshOrders(sp, [order.id]);
        const hosts = new Map(placements.map((s) => [s.nodeId, s.host]));
        return {
          order: toOrder(await reloadOrder(sp, order.id)),
          proxies: rows.map((r) => toProxy(r, hosts.get(r.nodeId) ?? '')),
          cost: q.total,
        };
      });
    }),
  );
}

/**
 * PUT /api/order/change-country/:id: the order's proxies in use keep their node, port and
 * credentials and take egress addresses of another country on the same node (the old ones go
 * back to the pool). A dearer country costs the unit price difference for each proxy's own
 * remaining hours; a cheaper or equal one is free.
 */
export async function changeCountry(
  ctx: AppContext,
  user: Buyer,
  orderId: string,
  to: string,
): Promise<{ order: TOrder; cost: number }> {
  return unwrap(
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const order = await lockUsingRetailOrder(tx, user.id, orderId, now);
      const product = order.type;
      // More of a product, or the same in another country, is a sale: a closed product refuses it.
      await assertProductOpen(tx, user.siteId, product);
      if (to === order.country) {
        throw new AppError('VALIDATION_ERROR', {
          issues: [{ path: 'body.country', message: 'is already the order’s country' }],
        });
      }
      const newPrice = await findSellingRetailPrice(tx, user.siteId, product, to, order.periodUnit);
      // An old country whose price was withdrawn counts as free, so the move costs the new price.
      const oldPrice = await catalog.findRetailPrice(tx, user.siteId, product, order.country, order.periodUnit);
      // Every proxy not locked moves, so the order keeps one country (its renewals are priced by
      // it); each is charged for its own time left, which is none for an expired one (renewed
      // proxies outlive the rest).
      const live = await lockLiveProxiesOfOrderByPort(tx, order.id);
      const left = (p: (typeof live)[number]) =>
        p.status === 'using' && p.expiresAt > now ? remainingHours(p.expiresAt, now) : 0;
      const inUse = live.filter((p) => left(p) > 0);
      if (inUse.length === 0) {
        throw new AppError('ORDER_EXPIRED');
      }
      const hours = Math.max(...inUse.map(left));
      const q = prorateEach({
        unitPrice: Math.max(0, newPrice.price - (oldPrice?.price ?? 0)),
        unit: order.periodUnit,
        hours: live.map(left),
      });
      const note = logNotes.changeCountry(order.country, to);
      return attempt(tx, { orderId: order.id, action: 'change_country', note, at: now }, async (sp) => {
        await chargeBalance(sp, {
          userId: user.id,
          cost: q.total,
          type: 'change_country',
          content: `${order.code}: ${inUse.length} proxies ${order.country} → ${to}, ${hours} h`,
          contentI18n: {
            key: 'changeCountry',
            params: { code: order.code, count: inUse.length, from: order.country, to, hours },
          },
          refType: 'order',
          refId: order.id,
          at: now,
        });
        await moveEgress(sp, product, live, to, now);
        await addToOrderTotal(sp, order.id, q.total, { country: to, updatedAt: now });
        await logSuccess(sp, order.id, 'change_country', note, q.total, now);
        await recordAudit(ctx, sp, {
          userId: user.id,
          action: 'order.change-country',
          targetType: 'order',
          targetIds: [order.id],
          detail: { code: order.code, from: order.country, to, cost: q.total },
        });
        await refreshOrders(sp, [order.id]);
        return { order: toOrder(await reloadOrder(sp, order.id)), cost: q.total };
      });
    }),
  );
}

/** `amount` more proxies for the order, on its country, protocol, auto-renew and expiry. */
async function addProxies(sp: Tx, user: Buyer, order: RetailOrder, amount: number, now: Date) {
  const product = order.type;
  const placements = await allocatePlacements(sp, product, order.country, amount);
  const rows = await insertProxies(sp, placements, {
    type: product,
    protocol: order.protocol,
    country: order.country,
    autoRenew: order.autoRenew,
    userId: user.id,
    siteId: user.siteId,
    orderId: order.id,
    expiresAt: order.expiresAt,
    createdAt: now,
    updatedAt: now,
  });
  return { placements, rows };
}

/**
 * Every proxy of `live` takes an egress address of `to` on its own node; the old addresses go back
 * to their pool before the new ones are bound to the same proxies, and the nodes hear of it.
 */
async function moveEgress(
  sp: Tx,
  product: 'v6' | 'v4',
  live: { id: string; nodeId: string }[],
  to: string,
  now: Date,
): Promise<void> {
  const byNode = new Map<string, typeof live>();
  for (const p of live) {
    byNode.set(p.nodeId, [...(byNode.get(p.nodeId) ?? []), p]);
  }
  const moves: { proxyId: string; egressIp: string; egressIpId: string | null }[] = [];
  for (const [nodeId, ps] of byNode) {
    const egress = await claimEgress(sp, { product, country: to, nodeId, count: ps.length });
    ps.forEach((p, i) => moves.push({ proxyId: p.id, ...egress[i]! }));
  }
  // The old addresses go back to their pool, then the proxies take the new ones, which are held.
  await releaseEgressIps(
    sp,
    live.map((p) => p.id),
  );
  await setProxiesEgress(sp, moves, to, now);
  const held = moves.flatMap((m) => (m.egressIpId === null ? [] : [{ egressIpId: m.egressIpId, proxyId: m.proxyId }]));
  if (held.length) {
    await holdEgressIps(sp, held);
  }
  await recordProxyChanges(
    sp,
    live.map((p) => p.id),
  );
}

/** The order log's success line of an amendment that cost `cost`. */
async function logSuccess(
  sp: Tx,
  orderId: string,
  action: 'increase_amount' | 'change_country',
  note: LogNote,
  cost: number,
  now: Date,
): Promise<void> {
  await insertLog(sp, {
    id: randomUUID(),
    orderId,
    action,
    result: 'success',
    ...note,
    amount: -cost,
    createdAt: now,
  });
}

/** Adds a charge to the order's total price, with other changes. */
async function addToOrderTotal(
  db: DbOrTx,
  id: string,
  add: number,
  patch: Partial<Pick<OrderRow, 'updatedAt' | 'quantity' | 'country'>>,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...patch, totalPrice: sql`${orders.totalPrice} + ${add}` })
    .where(eq(orders.id, id));
}

/** The order's proxies not locked, locked by port (change-country hands out addresses in this order). */
async function lockLiveProxiesOfOrderByPort(db: DbOrTx, orderId: string): Promise<ProxyRow[]> {
  return db
    .select()
    .from(proxies)
    .where(and(eq(proxies.orderId, orderId), ne(proxies.status, 'locked')))
    .orderBy(proxies.port)
    .for('update');
}

/** The proxies take their new addresses and country (allocation moves the holds). */
async function setProxiesEgress(
  db: DbOrTx,
  moves: { proxyId: string; egressIp: string; egressIpId: string | null }[],
  country: string,
  at: Date,
): Promise<void> {
  const values = sql.join(
    moves.map((m) => sql`(${m.proxyId}::uuid, ${m.egressIp}::text, ${m.egressIpId}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`update proxies p set egress_ip = v.ip, egress_ip_id = v.ip_id, country = ${country},
            updated_at = ${at.toISOString()}::timestamptz
          from (values ${values}) as v(id, ip, ip_id) where p.id = v.id`);
}

export function amendRoutes(app: RouteApp, opts: RouteOptions): void {
  const buyer = (req: { user: { id: string }; site: { id: string } }) => ({ id: req.user.id, siteId: req.site.id });
  route(app, orderEndpoints.increaseAmount, opts, async (req) =>
    increaseAmount(app.ctx, buyer(req), req.params.id, req.body.amount),
  );
  route(app, orderEndpoints.changeCountry, opts, async (req) =>
    changeCountry(app.ctx, buyer(req), req.params.id, req.body.country),
  );
}
