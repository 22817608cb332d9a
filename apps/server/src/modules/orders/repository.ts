import type { TOrderLogI18n } from '@proxy/contract';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { orderLogs, orders, proxies, rotatingKeys, nodes, users } from '../../db/schema/index.js';
import { likePattern, offsetOf } from '../../lib/paging.js';

export type OrderRow = typeof orders.$inferSelect;
export type ProxyRow = typeof proxies.$inferSelect;
export type KeyRow = typeof rotatingKeys.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type ProxyInsert = typeof proxies.$inferInsert;

export async function findOrder(db: DbOrTx, userId: string, id: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  return rows[0];
}

/**
 * Lock order, for every transaction that changes an order and its proxies or keys: the orders
 * first, in id order, then their items. change-country and the renewals lock an order and then
 * its proxies; a path that took the proxies first could wait on an order whose holder waits on
 * those proxies (a deadlock on PostgreSQL).
 */
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
 * The orders of a user's proxies or keys, read without a lock so they can be locked before the
 * items; a item never changes its order, so the answer stays true once the items are locked.
 */
export async function orderIdsOf(db: DbOrTx, userId: string, kind: 'proxies' | 'keys', ids: string[]) {
  const table = kind === 'proxies' ? proxies : rotatingKeys;
  const rows = await db
    .selectDistinct({ orderId: table.orderId })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.userId, userId)));
  return rows.map((r) => r.orderId);
}

export async function findOrderByIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

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
type OrderLogAction = (typeof orderLogs.$inferInsert)['action'];

export async function listLogs(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(orderLogs)
    .where(eq(orderLogs.orderId, orderId))
    .orderBy(desc(orderLogs.createdAt), desc(orderLogs.id));
}

export interface OrderFilter {
  userId?: string;
  siteId?: string;
  status?: OrderRow['status'];
  type?: OrderRow['type'];
  types?: OrderRow['type'][];
  product?: OrderRow['product'];
  search: string;
  /** The admin list also finds orders by their customer's e-mail. */
  searchEmail?: boolean;
  page: number;
  limit: number;
}

export async function listOrders(
  db: DbOrTx,
  f: OrderFilter,
): Promise<{ rows: (OrderRow & { email: string })[]; total: number }> {
  const parts: (SQL | undefined)[] = [];
  if (f.userId) {
    parts.push(eq(orders.userId, f.userId));
  }
  if (f.siteId) {
    parts.push(eq(orders.siteId, f.siteId));
  }
  if (f.status) {
    parts.push(eq(orders.status, f.status));
  }
  if (f.type) {
    parts.push(eq(orders.type, f.type));
  }
  if (f.types) {
    parts.push(inArray(orders.type, f.types));
  }
  if (f.product) {
    parts.push(eq(orders.product, f.product));
  }
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(
      or(
        ilike(orders.code, p),
        ilike(orders.country, p),
        ilike(orders.packageName, p),
        ilike(orders.packageNameEng, p),
        f.searchEmail ? ilike(users.email, p) : undefined,
      ),
    );
  }
  const w = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select({ o: orders, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(w)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(f.limit)
      .offset(offsetOf(f.page, f.limit)),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(w),
  ]);
  return { rows: rows.map((r) => Object.assign(r.o, { email: r.email })), total: totals[0]?.n ?? 0 };
}

export async function proxiesOfOrder(db: DbOrTx, orderId: string) {
  return db
    .select({ p: proxies, host: nodes.host })
    .from(proxies)
    .innerJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(eq(proxies.orderId, orderId))
    .orderBy(asc(proxies.port));
}

function uuidList(ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/**
 * Sets each order's status and expiry from its proxies and keys (using while any is in use) in
 * one statement; returns the orders it touched, for their order.updated events.
 */
export async function refreshOrderStatus(db: DbOrTx, orderIds: string[]) {
  const ids = uuidList([...new Set(orderIds)]);
  return queryRows<{ id: string; user_id: string; status: 'using' | 'expired' }>(
    db,
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
}

/** orders.auto_renew := whether every live proxy or key of the order is flagged (distinct orders, non-empty). */
export async function syncOrderAutoRenewFlags(db: DbOrTx, orderIds: string[]): Promise<void> {
  const ids = uuidList(orderIds);
  await db.execute(sql`
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

type OrderPatch = Partial<
  Pick<
    typeof orders.$inferInsert,
    'updatedAt' | 'autoRenewFailedFor' | 'bandwidthGb' | 'autoRenew' | 'quantity' | 'country'
  >
>;

export async function updateOrder(db: DbOrTx, id: string, patch: OrderPatch): Promise<void> {
  await db.update(orders).set(patch).where(eq(orders.id, id));
}

/** Adds a charge to the order's total price (increase-amount, change-country), with other changes. */
export async function addToOrderTotal(db: DbOrTx, id: string, add: number, patch: OrderPatch): Promise<void> {
  await db
    .update(orders)
    .set({ ...patch, totalPrice: sql`${orders.totalPrice} + ${add}` })
    .where(eq(orders.id, id));
}

export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [order] = await db.insert(orders).values(values).returning();
  return order!;
}

export async function reloadOrder(db: DbOrTx, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export async function hasTrialOrder(db: DbOrTx, userId: string): Promise<boolean> {
  const [prior] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.isTrial, true)))
    .limit(1);
  return prior !== undefined;
}

export async function privatePackageOrderIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.type, 'package'), eq(orders.product, 'v4')));
  return rows.map((o) => o.id);
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
