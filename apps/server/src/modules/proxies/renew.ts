import { keyEndpoints, MAX_PRICE_COINS, quote, renewUnitPrice, type Period } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import * as catalog from '../catalog/index.js';
import { chargeBalance } from '../ledger/index.js';
import {
  extendProxiesAndKeys,
  lockOrdersOfProxiesOrKeys,
  logProxyRenewals,
  prolongSupplied,
  refreshOrders,
} from '../orders/index.js';
import { upstreamFirst } from '../suppliers/index.js';
import { recordAudit } from '../audit/index.js';
import { lockKeys, lockProxies, proxyEndpointsOf, type ProxyScope } from './queries.js';

/**
 * What renewing these proxies or keys for a period costs at the retail renewal prices, in all and
 * per order (each order's log shows its share): one price look-up per country, not per item
 * (docs/money.md#renewals: under a month at the retail price).
 */
async function renewalCost(
  tx: Tx,
  siteId: string,
  product: 'v6' | 'v4' | 'key',
  items: { country: string; orderId: string | null }[],
  period: Period,
): Promise<{ cost: number; perOrder: Map<string, number> }> {
  const unitPrice = new Map<string, number>();
  for (const country of new Set(items.map((u) => u.country))) {
    const row = await catalog.findRetailPrice(tx, siteId, product, country, period.unit);
    if (!row) {
      throw new AppError('INVALID_COUNTRY');
    }
    const perUnit = renewUnitPrice({ retail: row.price, renew: row.renewPrice }, period);
    unitPrice.set(country, quote({ unitPrice: perUnit, period, quantity: 1 }).total);
  }
  let cost = 0;
  const perOrder = new Map<string, number>();
  for (const u of items) {
    const price = unitPrice.get(u.country)!;
    cost += price;
    if (u.orderId) {
      perOrder.set(u.orderId, (perOrder.get(u.orderId) ?? 0) + price);
    }
  }
  // At most MAX_BATCH_IDS items keep the sum within MAX_PRICE_COINS; beyond it, out of reach as in `quote`.
  return { cost: Math.min(cost, MAX_PRICE_COINS), perOrder };
}

/** POST renew-list-proxy: chosen retail proxies (not package ones: those renew with their package). */
export async function renewProxies(
  ctx: AppContext,
  user: { id: string; siteId: string },
  scope: ProxyScope,
  ids: string[],
  period: Period,
) {
  const type = scope === 'bought' ? 'v4' : scope;
  const unique = [...new Set(ids)];
  return upstreamFirst(ctx, () =>
    ctx.db.transaction(async (tx) => {
      await lockOrdersOfProxiesOrKeys(tx, user.id, 'proxies', unique);
      const rows = await lockProxies(tx, user.id, unique, scope);
      if (rows.length !== unique.length) {
        throw new AppError('PROXY_NOT_EXISTS');
      }
      if (rows.some((p) => p.status === 'locked')) {
        throw new AppError('PROXY_EXPIRED');
      }
      if (rows.some((p) => p.packageName !== null)) {
        throw new AppError('PROXY_NOT_VALID');
      }
      const { cost, perOrder } = await renewalCost(tx, user.siteId, type, rows, period);
      const now = ctx.clock.now();
      await prolongSupplied(ctx, tx, user, rows, period, cost);
      await chargeBalance(tx, {
        userId: user.id,
        cost,
        type: 'renew',
        content: `renew ${rows.length} × ${type.toUpperCase()} proxy, ${period.value} ${period.unit}`,
        contentI18n: { key: 'renewProxies', params: { count: rows.length, product: type, period } },
        refType: 'proxies',
        refId: rows[0]!.id,
        at: now,
      });
      await extendProxiesAndKeys(tx, { proxies: rows, keys: [] }, period, now);
      await recordAudit(ctx, tx, {
        userId: user.id,
        action: 'proxy.renew',
        targetType: 'proxy',
        targetIds: unique,
        detail: { period, cost, count: rows.length },
      });
      await refreshOrders(tx, await logProxyRenewals(tx, rows, period, now, perOrder));
      return { cost };
    }),
  );
}

/** POST /api/key/renew-list-key: chosen keys at the key retail price. */
export async function renewKeys(ctx: AppContext, user: { id: string; siteId: string }, ids: string[], period: Period) {
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    await lockOrdersOfProxiesOrKeys(tx, user.id, 'keys', unique);
    const rows = await lockKeys(tx, user.id, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    if (rows.some((k) => k.status === 'locked')) {
      throw new AppError('KEY_EXPIRED');
    }
    const { cost, perOrder } = await renewalCost(tx, user.siteId, 'key', rows, period);
    const now = ctx.clock.now();
    await chargeBalance(tx, {
      userId: user.id,
      cost,
      type: 'renew_key',
      content: `renew ${rows.length} key(s), ${period.value} ${period.unit}`,
      contentI18n: { key: 'renewKeys', params: { count: rows.length, period } },
      refType: 'keys',
      refId: rows[0]!.id,
      at: now,
    });
    await extendProxiesAndKeys(tx, { proxies: [], keys: rows }, period, now);
    await recordAudit(ctx, tx, {
      userId: user.id,
      action: 'key.renew',
      targetType: 'key',
      targetIds: unique,
      detail: { period, cost, count: rows.length },
    });
    await refreshOrders(tx, await logProxyRenewals(tx, rows, period, now, perOrder, 'keys'));
    return { cost };
  });
}

export function renewProxiesRoute(app: RouteApp, tags: string[], scope: ProxyScope): void {
  route(app, proxyEndpointsOf(scope).renewListProxy, { schema: { tags } }, async (req) =>
    renewProxies(app.ctx, { id: req.user.id, siteId: req.site.id }, scope, req.body.listProxyId, req.body.period),
  );
}

export function renewKeysRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, keyEndpoints.renewListKey, opts, async (req) =>
    renewKeys(app.ctx, { id: req.user.id, siteId: req.site.id }, req.body.listKeyId, req.body.period),
  );
}
