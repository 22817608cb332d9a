import { periodToHours, type Period, type TOrder, type TOrderLogI18n } from '@proxy/contract';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { nodes, orderLogs, orders, proxies, rotatingKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { pagedSelect } from '../../lib/paging.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { publish } from '../realtime/index.js';
import { toOrder, type KeyRow, type OrderRow, type ProxyRow } from './mapper.js';

/**
 * The statements and helpers two or more of the module's use cases (or its index.ts surface)
 * share. Lock order, for every transaction that changes an order and its proxies or keys: the
 * orders first, in id order, then their items. change-country and the renewals lock an order and
 * then its proxies; a path that took the proxies first could wait on an order whose holder waits
 * on those proxies (a deadlock on PostgreSQL).
 */

function uuidList(ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

export async function findOrder(db: DbOrTx, userId: string, id: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  return rows[0];
}

/** The caller's order, or ORDER_NOT_EXIST. */
export async function ownOrder(db: DbOrTx, userId: string, id: string): Promise<OrderRow> {
  const order = await findOrder(db, userId, id);
  if (!order) {
    throw new AppError('ORDER_NOT_EXIST');
  }
  return order;
}

/** An order of the admin's site; an order of another site does not exist for this admin (ORDER_NOT_EXIST). */
export async function siteOrder(db: DbOrTx, siteId: string, id: string): Promise<OrderRow> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.siteId, siteId)))
    .limit(1);
  if (!rows[0]) {
    throw new AppError('ORDER_NOT_EXIST');
  }
  return rows[0];
}

/** The order of the admin's site, locked (the first lock of any transaction that changes an order and its items). */
export async function lockSiteOrder(db: DbOrTx, siteId: string, id: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.siteId, siteId)))
    .for('update');
  return rows[0];
}

/** The user's orders `ids`, locked in id order (the lock order above). */
export async function lockOrders(db: DbOrTx, userId: string, ids: string[]): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.userId, userId)))
    .orderBy(asc(orders.id))
    .for('update');
}

/** The orders of items about to be locked, locked first (see `lockOrders`). */
export async function lockOrderIds(db: DbOrTx, ids: (string | null)[]): Promise<void> {
  const unique = [...new Set(ids.filter((x): x is string => x !== null))];
  if (unique.length === 0) {
    return;
  }
  await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.id, unique))
    .orderBy(asc(orders.id))
    .for('update');
}

/**
 * The orders of a user's proxies or keys, locked before the proxies or keys (the lock order
 * above), for the proxies module's calls that change proxies or keys and their orders. The orders
 * are read without a lock first; an item never changes its order, so the answer stays true.
 */
export async function lockOrdersOfProxiesOrKeys(tx: Tx, userId: string, kind: 'proxies' | 'keys', ids: string[]) {
  const table = kind === 'proxies' ? proxies : rotatingKeys;
  const rows = await tx
    .selectDistinct({ orderId: table.orderId })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.userId, userId)));
  await lockOrderIds(
    tx,
    rows.map((r) => r.orderId),
  );
}

export async function reloadOrder(db: DbOrTx, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

type OrderPatch = Partial<
  Pick<
    typeof orders.$inferInsert,
    'updatedAt' | 'autoRenewFailedFor' | 'bandwidthGb' | 'autoRenew' | 'quantity' | 'country'
  >
>;

export async function updateOrder(db: DbOrTx, id: string, patch: OrderPatch): Promise<void> {
  await db.update(orders).set(patch).where(eq(orders.id, id));
}

type OrderLogAction = (typeof orderLogs.$inferInsert)['action'];

export async function insertLog(
  db: DbOrTx,
  values: {
    id: string;
    orderId: string;
    action: OrderLogAction;
    result: 'success' | 'fail';
    note: string;
    noteI18n?: TOrderLogI18n | null;
    amount: number;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(orderLogs).values(values);
}

/**
 * Order status and expiry follow their proxies and keys: using while any is in use. One statement
 * sets them; each order it touched gets its order.updated event.
 */
export async function refreshOrders(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) {
    return;
  }
  const ids = uuidList([...new Set(orderIds)]);
  const changed = await queryRows<{ id: string; user_id: string; status: 'using' | 'expired' }>(
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
    await publish(tx, o.user_id, { type: 'order.updated', data: { id: o.id, status: o.status } });
  }
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
      where o2.id in (${uuidList(unique)})
      group by o2.id, o2.auto_renew
    ) s
    where o.id = s.id and o.auto_renew is distinct from s.all_on`);
}

export async function lockLiveKeysOfOrder(db: DbOrTx, orderId: string): Promise<KeyRow[]> {
  return db
    .select()
    .from(rotatingKeys)
    .where(and(eq(rotatingKeys.orderId, orderId), ne(rotatingKeys.status, 'locked')))
    .for('update');
}

export async function lockLiveProxiesOfOrder(db: DbOrTx, orderId: string): Promise<ProxyRow[]> {
  return db
    .select()
    .from(proxies)
    .where(and(eq(proxies.orderId, orderId), ne(proxies.status, 'locked')))
    .for('update');
}

export interface ProxiesAndKeys {
  proxies: ProxyRow[];
  keys: KeyRow[];
}

/** The order's live keys (a key order) or proxies, locked. */
export async function liveProxiesAndKeys(tx: Tx, order: OrderRow): Promise<ProxiesAndKeys> {
  if (order.type === 'key') {
    return { proxies: [], keys: await lockLiveKeysOfOrder(tx, order.id) };
  }
  return { proxies: await lockLiveProxiesOfOrder(tx, order.id), keys: [] };
}

/** Extends items by a period from their expiry, or from now when already expired: one statement each. */
export async function extendProxiesAndKeys(tx: Tx, u: ProxiesAndKeys, period: Period, now: Date): Promise<void> {
  const hours = periodToHours(period);
  const at = now.toISOString();
  const newExpiry = sql`greatest(expires_at, ${at}::timestamptz) + make_interval(hours => ${hours})`;
  if (u.proxies.length) {
    const ids = uuidList(u.proxies.map((p) => p.id));
    await tx.execute(
      sql`update proxies set expires_at = ${newExpiry}, status = 'using', updated_at = ${at} where id in (${ids})`,
    );
  }
  const keyProxies = u.keys.map((k) => k.proxyId).filter((x): x is string => x !== null);
  if (u.keys.length) {
    const ids = uuidList(u.keys.map((k) => k.id));
    await tx.execute(
      sql`update rotating_keys set expires_at = ${newExpiry}, status = 'using', updated_at = ${at} where id in (${ids})`,
    );
    if (keyProxies.length) {
      // A key's listener lives exactly as long as the key.
      await tx.execute(sql`update proxies p set expires_at = k.expires_at, status = 'using', updated_at = ${at}
        from rotating_keys k where k.proxy_id = p.id and p.id in (${uuidList(keyProxies)})`);
    }
  }
  await recordProxyChanges(tx, [...u.proxies.map((p) => p.id), ...keyProxies]);
}

/** A page of the proxies `where` picks, in `order`, with their node's host, and how many it picks. */
export async function pageProxies(db: DbOrTx, where: SQL | undefined, order: SQL[], page: number, limit: number) {
  return pagedSelect(
    db
      .select({ p: proxies, host: nodes.host })
      .from(proxies)
      .innerJoin(nodes, eq(nodes.id, proxies.nodeId))
      .where(where)
      .orderBy(...order),
    db.select({ n: count() }).from(proxies).where(where),
    page,
    limit,
  );
}

/** A key's listener line, `host:port:user:pass` (null while it has no listener), with proxies and nodes left-joined. */
export const keyLine = sql<string | null>`case when ${proxies.id} is null then null
  else ${nodes.host} || ':' || ${proxies.port} || ':' || ${proxies.username} || ':' || ${proxies.password} end`;

interface ExpiryRange {
  first: Date;
  last: Date;
  /** Some live items renew themselves and others do not. */
  autoRenewMixed: boolean;
}

/**
 * Each order's earliest and latest expiry over its live proxies and keys (proxies renewed one by
 * one make them differ; locked ones no longer count).
 */
async function expiryRanges(db: DbOrTx, orderIds: string[]): Promise<Map<string, ExpiryRange>> {
  const out = new Map<string, ExpiryRange>();
  if (orderIds.length === 0) {
    return out;
  }
  const ids = uuidList(orderIds);
  const rows = await queryRows<{
    order_id: string;
    first: string | Date;
    last: string | Date;
    any_auto: boolean;
    all_auto: boolean;
  }>(
    db,
    sql`select order_id, min(expires_at) as first, max(expires_at) as last,
          bool_or(auto_renew) as any_auto, bool_and(auto_renew) as all_auto from (
          select order_id, expires_at, auto_renew from proxies
            where order_id in (${ids}) and key_id is null and status <> 'locked'
          union all
          select order_id, expires_at, auto_renew from rotating_keys
            where order_id in (${ids}) and status <> 'locked'
        ) u group by order_id`,
  );
  for (const r of rows) {
    out.set(r.order_id, {
      first: new Date(r.first),
      last: new Date(r.last),
      autoRenewMixed: Boolean(r.any_auto) && !r.all_auto,
    });
  }
  return out;
}

/** Orders with the earliest and latest expiry of their live proxies or keys, and whether their auto-renew differs. */
export async function withExpiryRange(db: DbOrTx, rows: OrderRow[]): Promise<TOrder[]> {
  const ranges = await expiryRanges(
    db,
    rows.map((o) => o.id),
  );
  return rows.map((o) => {
    const r = ranges.get(o.id);
    return {
      ...toOrder(o),
      earliestExpiresAt: r ? r.first.toISOString() : null,
      latestExpiresAt: r ? r.last.toISOString() : null,
      autoRenewMixed: r?.autoRenewMixed ?? false,
    };
  });
}
