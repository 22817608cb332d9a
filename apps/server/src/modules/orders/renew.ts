import { randomUUID } from 'node:crypto';
import { periodToHours, renewUnitPrice, type Period, type TransactionType } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { updateUser } from '../auth/index.js';
import * as catalog from '../catalog/index.js';
import { chargeBalance } from '../ledger/index.js';
import type { KeyRow, OrderRow, ProxyRow } from './mapper.js';
import { logNotes } from './log-notes.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './repository.js';
import * as items from './items-repository.js';
import { publish } from '../realtime/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { prolongUpstreams, upstreamFirst } from '../suppliers/index.js';

const RENEW_TYPE: Record<OrderRow['type'], { manual: TransactionType; auto: TransactionType }> = {
  v6: { manual: 'renew', auto: 'auto_renew' },
  v4: { manual: 'renew', auto: 'auto_renew' },
  package: { manual: 'renew_private', auto: 'auto_renew_private' },
  key: { manual: 'renew_key', auto: 'auto_renew_key' },
};

/** Order status and expiry follow their proxies and keys: using while any is in use. */
export async function refreshOrders(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) {
    return;
  }
  const changed = await repo.refreshOrderStatus(tx, orderIds);
  // docs/wire-contract.md#realtime: order.updated {id, status}, delivered when this transaction commits.
  for (const o of changed) {
    await publish(tx, o.user_id, { type: 'order.updated', data: { id: o.id, status: o.status } });
  }
}

export interface ProxiesAndKeys {
  proxies: ProxyRow[];
  keys: KeyRow[];
}

export async function liveProxiesAndKeys(tx: Tx, order: OrderRow): Promise<ProxiesAndKeys> {
  if (order.type === 'key') {
    return { proxies: [], keys: await items.lockLiveKeysOfOrder(tx, order.id) };
  }
  return { proxies: await items.lockLiveProxiesOfOrder(tx, order.id), keys: [] };
}

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
  return {
    period,
    cost: renewUnitPrice({ retail: price.price, renew: price.renewPrice }, period) * period.value * count,
  };
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
  const order = await repo.findOrder(tx, userId, orderId);
  if (!order) {
    return undefined;
  }
  return orderRenewal(tx, order, count, undefined).then(
    (r) => r.cost,
    () => undefined,
  );
}

/** Extends items by a period from their expiry, or from now when already expired: one statement each. */
export async function extendProxiesAndKeys(tx: Tx, u: ProxiesAndKeys, period: Period, now: Date): Promise<void> {
  const hours = periodToHours(period);
  const at = now.toISOString();
  if (u.proxies.length) {
    await items.extendProxies(
      tx,
      u.proxies.map((p) => p.id),
      hours,
      at,
    );
  }
  const keyProxies = u.keys.map((k) => k.proxyId).filter((x): x is string => x !== null);
  if (u.keys.length) {
    await items.extendKeys(
      tx,
      u.keys.map((k) => k.id),
      hours,
      at,
    );
    if (keyProxies.length) {
      await items.alignKeyListeners(tx, keyProxies, at);
    }
  }
  await recordProxyChanges(tx, [...u.proxies.map((p) => p.id), ...keyProxies]);
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
 * Runs a renewal whose transaction may reach `prolongSupplied`: supplier proxies are prolonged
 * upstream between a first run (rolled back) and the run that charges (modules/suppliers).
 */
export const renewUpstreamFirst = upstreamFirst;

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
  await repo.updateOrder(tx, order.id, { updatedAt: now, autoRenewFailedFor: null });
  await repo.insertLog(tx, {
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

/** docs/money.md#renewals: only expired orders or packages can be renewed. All or nothing. */
export async function renewOrders(ctx: AppContext, userId: string, ids: string[], period?: Period) {
  const unique = [...new Set(ids)];
  await upstreamFirst(ctx, () =>
    ctx.db.transaction(async (tx) => {
      const rows = await repo.lockOrders(tx, userId, unique);
      if (rows.length !== unique.length) {
        throw new AppError('ORDER_NOT_EXIST');
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
    await repo.insertLog(tx, {
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

/**
 * The orders of a user's proxies or keys, locked before the proxies or keys (lock order: repository.ts
 * `lockOrders`), for the proxies module's calls that change proxies or keys and their orders.
 */
export async function lockOrdersOfProxiesOrKeys(tx: Tx, userId: string, kind: 'proxies' | 'keys', ids: string[]) {
  await repo.lockOrderIds(tx, await repo.orderIdsOf(tx, userId, kind, ids));
}

/** Adds bandwidth to a package order (docs/product-rules.md#purchases: "Bandwidth has reached its maximum"). */
export async function increaseBandwidth(
  ctx: AppContext,
  user: { id: string; siteId: string },
  orderId: string,
  gb: number,
) {
  return ctx.db.transaction(async (tx) => {
    const [order] = await repo.lockOrders(tx, user.id, [orderId]);
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
    await repo.updateOrder(tx, order.id, { bandwidthGb: total, updatedAt: now });
    await recordProxyChanges(tx, await items.setOrderBandwidthLimit(tx, order.id, total, now));
    await recordAudit(ctx, tx, {
      userId: user.id,
      action: 'order.bandwidth',
      targetType: 'order',
      targetIds: [order.id],
      detail: { code: order.code, gb, totalGb: total, cost },
    });
    await repo.insertLog(tx, {
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

/**
 * orders.auto_renew shows whether every live proxy or key of the order is flagged; the flags of
 * the items are what the auto-renew job reads, so the order's switch follows them after any change.
 */
export async function syncOrderAutoRenew(tx: Tx, orderIds: (string | null)[]): Promise<void> {
  const unique = [...new Set(orderIds.filter((x): x is string => x !== null))];
  if (unique.length === 0) {
    return;
  }
  await repo.syncOrderAutoRenewFlags(tx, unique);
}

/** The order switch (/order page) sets the flags of all its proxies and keys. */
export async function setOrderAutoRenew(ctx: AppContext, userId: string, orderId: string, autoRenew: boolean) {
  await ctx.db.transaction(async (tx) => {
    const [order] = await repo.lockOrders(tx, userId, [orderId]);
    if (!order) {
      throw new AppError('ORDER_NOT_EXIST');
    }
    const now = ctx.clock.now();
    await repo.updateOrder(tx, orderId, { autoRenew, updatedAt: now });
    await items.setOrderItemsAutoRenew(tx, orderId, autoRenew, now);
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
    await repo.lockOrderIds(tx, await repo.privatePackageOrderIds(tx, userId));
    await syncOrderAutoRenew(tx, await items.setPrivatePackageProxiesAutoRenew(tx, userId, autoRenew, now));
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
