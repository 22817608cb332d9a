import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { periodToHours, renewUnitPrice, type Period, type TransactionType } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type Tx } from '../../db/client.js';
import { orders, proxies, rotatingKeys, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import * as catalog from '../catalog/repository.js';
import { chargeBalance } from '../ledger/service.js';
import type { KeyRow, OrderRow, ProxyRow } from './mapper.js';
import { logNotes } from './log-notes.js';
import * as repo from './repository.js';
import { publish } from '../realtime/publish.js';
import { recordProxyChanges } from '../supply/changes.js';

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
  const ids = sql.join(
    [...new Set(orderIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const changed = await queryRows<{ id: string; user_id: string; status: string }>(
    tx,
    sql`
    update orders o set
      status = case when u.using_count > 0 then 'using' else 'expired' end,
      expires_at = coalesce(u.max_expiry, o.expires_at),
      holds_plan = o.holds_plan and u.live_count > 0
    from (
      select o2.id,
        (select count(*) from proxies p where p.order_id = o2.id and p.status = 'using')
          + (select count(*) from rotating_keys k where k.order_id = o2.id and k.status = 'using') as using_count,
        (select count(*) from proxies p where p.order_id = o2.id and p.status <> 'locked') as live_count,
        greatest(
          (select max(p.expires_at) from proxies p where p.order_id = o2.id and p.key_id is null),
          (select max(k.expires_at) from rotating_keys k where k.order_id = o2.id)
        ) as max_expiry
      from orders o2 where o2.id in (${ids})
    ) u
    where o.id = u.id and o.status <> 'cancelled'
    returning o.id, o.user_id, o.status`,
  );
  // docs/wire-contract.md#realtime: order.updated {id, status}, delivered when this transaction commits.
  for (const o of changed) {
    await publish(tx, o.user_id, 'order.updated', { id: o.id, status: o.status });
  }
}

export interface Units {
  proxies: ProxyRow[];
  keys: KeyRow[];
}

export async function liveUnits(tx: Tx, order: OrderRow): Promise<Units> {
  if (order.type === 'key') {
    const keys = await tx
      .select()
      .from(rotatingKeys)
      .where(and(eq(rotatingKeys.orderId, order.id), ne(rotatingKeys.status, 'locked')))
      .for('update');
    return { proxies: [], keys };
  }
  const ps = await tx
    .select()
    .from(proxies)
    .where(and(eq(proxies.orderId, order.id), ne(proxies.status, 'locked')))
    .for('update');
  return { proxies: ps, keys: [] };
}

/** The period and the price of renewing an order's live units. */
async function orderRenewal(
  tx: Tx,
  order: OrderRow,
  count: number,
  periodOverride: Period | undefined,
): Promise<{ period: Period; cost: number }> {
  if (order.type === 'package' || order.type === 'key') {
    const pkg = order.packageId ? await catalog.findPackage(tx, order.packageId) : undefined;
    const period: Period = { unit: 'day', value: pkg?.days ?? order.periodValue };
    const unit = pkg
      ? pkg.price
      : Math.floor(order.totalPrice / Math.max(1, order.type === 'key' ? order.quantity : 1));
    return { period, cost: order.type === 'key' ? unit * count : unit };
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

/** Extends units by a period from their expiry, or from now when already expired: one statement each. */
async function extendUnits(tx: Tx, units: Units, period: Period, now: Date): Promise<void> {
  const hours = periodToHours(period);
  const at = now.toISOString();
  const newExpiry = sql`greatest(expires_at, ${at}::timestamptz) + make_interval(hours => ${hours})`;
  const ids = (list: string[]) =>
    sql.join(
      list.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  if (units.proxies.length) {
    await tx.execute(
      sql`update proxies set expires_at = ${newExpiry}, status = 'using', updated_at = ${at} where id in (${ids(units.proxies.map((p) => p.id))})`,
    );
  }
  if (units.keys.length) {
    await tx.execute(
      sql`update rotating_keys set expires_at = ${newExpiry}, status = 'using', updated_at = ${at} where id in (${ids(units.keys.map((k) => k.id))})`,
    );
    const keyProxies = units.keys.map((k) => k.proxyId).filter((x): x is string => x !== null);
    if (keyProxies.length) {
      // A key's listener lives exactly as long as the key.
      await tx.execute(sql`update proxies p set expires_at = k.expires_at, status = 'using', updated_at = ${at}
        from rotating_keys k where k.proxy_id = p.id and p.id in (${ids(keyProxies)})`);
    }
  }
  await recordProxyChanges(tx, [
    ...units.proxies.map((p) => p.id),
    ...units.keys.map((k) => k.proxyId).filter((x): x is string => x !== null),
  ]);
}

/**
 * Renews one order inside the caller's transaction: charge, extend, log. Used by the renew calls
 * and by the auto-renew job (`auto`), which renews before expiry and passes just the units whose
 * own flag is on (a retail or key order is priced per unit; a package as a whole).
 */
export async function renewOrderTx(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  opts: { period?: Period; auto: boolean; units?: Units },
): Promise<number> {
  const now = ctx.clock.now();
  const units = opts.units ?? (await liveUnits(tx, order));
  const count = units.proxies.length + units.keys.length;
  if (count === 0) {
    throw new AppError('ORDER_EXPIRED');
  }
  const { period, cost } = await orderRenewal(tx, order, count, opts.period);
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
  await extendUnits(tx, units, period, now);
  await tx.update(orders).set({ updatedAt: now, autoRenewFailedFor: null }).where(eq(orders.id, order.id));
  await repo.insertLog(tx, {
    id: randomUUID(),
    orderId: order.id,
    action: 'renew',
    result: 'success',
    ...logNotes.renew(opts.auto, period),
    amount: -cost,
    createdAt: now,
  });
  await refreshOrders(tx, [order.id]);
  return cost;
}

/** docs/money.md#renewals: only expired orders or packages can be renewed. All or nothing. */
export async function renewOrders(ctx: AppContext, userId: string, ids: string[], period?: Period) {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
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
  });
}

/**
 * What renewing these proxies or keys for a period costs at the retail renewal prices: one price
 * look-up per country, not per unit (docs/money.md#renewals: under a month at the retail price).
 */
async function renewalCost(
  tx: Tx,
  siteId: string,
  product: 'v6' | 'v4' | 'key',
  units: { country: string }[],
  period: Period,
): Promise<number> {
  const perCountry = new Map<string, number>();
  for (const u of units) {
    perCountry.set(u.country, (perCountry.get(u.country) ?? 0) + 1);
  }
  let cost = 0;
  for (const [country, count] of perCountry) {
    const row = await catalog.findRetailPrice(tx, siteId, product, country, period.unit);
    if (!row) {
      throw new AppError('INVALID_COUNTRY');
    }
    cost += renewUnitPrice({ retail: row.price, renew: row.renewPrice }, period) * period.value * count;
  }
  return cost;
}

/** Renews chosen retail proxies (not package ones: those renew with their package). */
export async function renewProxies(
  ctx: AppContext,
  user: { id: string; siteId: string },
  scope: repo.ProxyScope,
  ids: string[],
  period: Period,
) {
  const type = scope === 'bought' ? 'v4' : scope;
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    await repo.lockOrderIds(tx, await repo.orderIdsOf(tx, user.id, 'proxies', unique));
    const rows = await repo.lockProxies(tx, user.id, unique, scope);
    if (rows.length !== unique.length) {
      throw new AppError('PROXY_NOT_EXISTS');
    }
    if (rows.some((p) => p.status === 'locked')) {
      throw new AppError('PROXY_EXPIRED');
    }
    if (rows.some((p) => p.packageName !== null)) {
      throw new AppError('PROXY_NOT_VALID');
    }
    const cost = await renewalCost(tx, user.siteId, type, rows, period);
    const now = ctx.clock.now();
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
    await extendUnits(tx, { proxies: rows, keys: [] }, period, now);
    const orderIds = [...new Set(rows.map((p) => p.orderId).filter((x): x is string => x !== null))];
    for (const orderId of orderIds) {
      const n = rows.filter((p) => p.orderId === orderId).length;
      await repo.insertLog(tx, {
        id: randomUUID(),
        orderId,
        action: 'renew',
        result: 'success',
        ...logNotes.renewProxies(n, period),
        amount: 0,
        createdAt: now,
      });
    }
    await refreshOrders(tx, orderIds);
    return { cost };
  });
}

/** Renews chosen keys at the key retail price. */
export async function renewKeys(ctx: AppContext, user: { id: string; siteId: string }, ids: string[], period: Period) {
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    await repo.lockOrderIds(tx, await repo.orderIdsOf(tx, user.id, 'keys', unique));
    const rows = await repo.lockKeys(tx, user.id, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    if (rows.some((k) => k.status === 'locked')) {
      throw new AppError('KEY_EXPIRED');
    }
    const cost = await renewalCost(tx, user.siteId, 'key', rows, period);
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
    await extendUnits(tx, { proxies: [], keys: rows }, period, now);
    await refreshOrders(
      tx,
      rows.map((k) => k.orderId).filter((x): x is string => x !== null),
    );
    return { cost };
  });
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
    await tx.update(orders).set({ bandwidthGb: total, updatedAt: now }).where(eq(orders.id, order.id));
    const changed = await tx
      .update(proxies)
      .set({ bandwidthLimitGb: total, updatedAt: now })
      .where(eq(proxies.orderId, order.id))
      .returning({ id: proxies.id });
    await recordProxyChanges(
      tx,
      changed.map((p) => p.id),
    );
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
 * the units are what the auto-renew job reads, so the order's switch follows them after any change.
 */
export async function syncOrderAutoRenew(tx: Tx, orderIds: (string | null)[]): Promise<void> {
  const unique = [...new Set(orderIds.filter((x): x is string => x !== null))];
  if (unique.length === 0) {
    return;
  }
  const ids = sql.join(
    unique.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    update orders o set auto_renew = s.all_on
    from (
      select o2.id, coalesce(bool_and(u.auto_renew), o2.auto_renew) as all_on
      from orders o2
      left join lateral (
        select p.auto_renew from proxies p
          where p.order_id = o2.id and p.key_id is null and p.status <> 'locked'
        union all
        select k.auto_renew from rotating_keys k where k.order_id = o2.id and k.status <> 'locked'
      ) u on true
      where o2.id in (${ids})
      group by o2.id, o2.auto_renew
    ) s
    where o.id = s.id and o.auto_renew is distinct from s.all_on`);
}

/** The order switch (/order page) sets the flags of all its proxies and keys. */
export async function setOrderAutoRenew(ctx: AppContext, userId: string, orderId: string, autoRenew: boolean) {
  await ctx.db.transaction(async (tx) => {
    const [order] = await repo.lockOrders(tx, userId, [orderId]);
    if (!order) {
      throw new AppError('ORDER_NOT_EXIST');
    }
    const now = ctx.clock.now();
    await tx.update(orders).set({ autoRenew, updatedAt: now }).where(eq(orders.id, orderId));
    await tx.update(proxies).set({ autoRenew, updatedAt: now }).where(eq(proxies.orderId, orderId));
    await tx.update(rotatingKeys).set({ autoRenew, updatedAt: now }).where(eq(rotatingKeys.orderId, orderId));
  });
}

/**
 * The account switch (PUT /api/user/auto-renew): the user's private IPv4 package proxies follow
 * it now, and packages bought while it is on start with their flag on (buyPackage).
 */
export async function setPrivateAutoRenew(ctx: AppContext, userId: string, autoRenew: boolean) {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const packages = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.type, 'package'), eq(orders.product, 'v4')));
    await repo.lockOrderIds(
      tx,
      packages.map((o) => o.id),
    );
    const changed = await queryRows<{ order_id: string }>(
      tx,
      sql`update proxies p set auto_renew = ${autoRenew}, updated_at = ${now.toISOString()}
          from orders o
          where p.order_id = o.id and o.user_id = ${userId} and o.type = 'package' and o.product = 'v4'
            and p.user_id = ${userId} and p.status <> 'locked'
          returning p.order_id`,
    );
    await syncOrderAutoRenew(
      tx,
      changed.map((r) => r.order_id),
    );
    // The user row last: charging paths lock order, units, then the user (changeBalance), so
    // taking the user first here could deadlock with them.
    await tx.update(users).set({ autoRenewPrivate: autoRenew, updatedAt: now }).where(eq(users.id, userId));
  });
}

/**
 * A package is sold and renewed as one (one price for all its proxies; renew-list-proxy refuses
 * its proxies), so its proxies share one auto-renew flag: setting it on one sets it on the package.
 */
export async function updateProxies(
  ctx: AppContext,
  userId: string,
  type: repo.ProxyScope | undefined,
  ids: string[],
  patch: { comment?: string; autoRenew?: boolean },
) {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    if (patch.autoRenew !== undefined) {
      // The flag reaches the orders (syncOrderAutoRenew) and a package's other proxies.
      await repo.lockOrderIds(tx, await repo.orderIdsOf(tx, userId, 'proxies', unique));
    }
    const rows = await repo.lockProxies(tx, userId, unique, type);
    if (rows.length !== unique.length) {
      throw new AppError('PROXY_NOT_EXISTS');
    }
    const now = ctx.clock.now();
    await tx
      .update(proxies)
      .set({ ...patch, updatedAt: now })
      .where(inArray(proxies.id, unique));
    if (patch.autoRenew === undefined) {
      return;
    }
    const packages = [
      ...new Set(rows.filter((p) => p.packageName !== null && p.orderId !== null).map((p) => p.orderId!)),
    ];
    if (packages.length) {
      await tx
        .update(proxies)
        .set({ autoRenew: patch.autoRenew, updatedAt: now })
        .where(and(inArray(proxies.orderId, packages), eq(proxies.userId, userId), ne(proxies.status, 'locked')));
    }
    await syncOrderAutoRenew(
      tx,
      rows.map((p) => p.orderId),
    );
  });
}

export async function updateKeys(
  ctx: AppContext,
  userId: string,
  ids: string[],
  patch: { comment?: string; autoRenew?: boolean },
) {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    if (patch.autoRenew !== undefined) {
      await repo.lockOrderIds(tx, await repo.orderIdsOf(tx, userId, 'keys', unique));
    }
    const rows = await repo.lockKeys(tx, userId, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    await tx
      .update(rotatingKeys)
      .set({ ...patch, updatedAt: ctx.clock.now() })
      .where(inArray(rotatingKeys.id, unique));
    if (patch.autoRenew !== undefined) {
      await syncOrderAutoRenew(
        tx,
        rows.map((k) => k.orderId),
      );
    }
  });
}
