import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLogs, orders, proxies, rotatingKeys, subServers, users } from '../../db/schema/index.js';
import { likePattern, offsetOf } from '../../lib/paging.js';
import type { KeyRow, OrderRow, ProxyRow } from './mapper.js';

export async function findOrder(db: DbOrTx, userId: string, id: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function lockOrders(db: DbOrTx, userId: string, ids: string[]): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.userId, userId)))
    .for('update');
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
    parts.push(or(ilike(orders.code, p), ilike(orders.country, p), ilike(orders.packageName, p)));
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
    db.select({ n: count() }).from(orders).where(w),
  ]);
  return { rows: rows.map((r) => ({ ...r.o, email: r.email })), total: totals[0]?.n ?? 0 };
}

export interface ProxyFilter {
  userId: string;
  type?: ProxyRow['type'];
  status?: ProxyRow['status'];
  country?: string;
  tagId?: string;
  orderId?: string;
  ids?: string[];
  search: string;
  sort: 'created_desc' | 'created_asc' | 'expires_asc' | 'expires_desc';
  page: number;
  limit: number;
}

function proxyWhere(f: Omit<ProxyFilter, 'sort' | 'page' | 'limit'>): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(proxies.userId, f.userId), isNull(proxies.keyId)];
  if (f.type) {
    parts.push(eq(proxies.type, f.type));
  }
  if (f.status) {
    parts.push(eq(proxies.status, f.status));
  }
  if (f.country) {
    parts.push(eq(proxies.country, f.country));
  }
  if (f.tagId) {
    parts.push(eq(proxies.tagId, f.tagId));
  }
  if (f.orderId) {
    parts.push(eq(proxies.orderId, f.orderId));
  }
  if (f.ids) {
    parts.push(inArray(proxies.id, f.ids));
  }
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(
      or(
        ilike(proxies.username, p),
        ilike(proxies.egressIp, p),
        ilike(proxies.comment, p),
        sql`${proxies.port}::text = ${f.search}`,
      ),
    );
  }
  return and(...parts);
}

const SORTS = {
  created_desc: [desc(proxies.createdAt), desc(proxies.id)],
  created_asc: [asc(proxies.createdAt), asc(proxies.id)],
  expires_asc: [asc(proxies.expiresAt), asc(proxies.id)],
  expires_desc: [desc(proxies.expiresAt), desc(proxies.id)],
} as const;

/**
 * One page of a user's proxies and the total, in one round trip: the total comes from a window
 * count over the matching rows (a user's few hundred, by the user index). Only a page past the
 * end needs a separate count.
 */
export async function listProxies(
  db: DbOrTx,
  f: ProxyFilter,
): Promise<{ rows: { p: ProxyRow; host: string }[]; total: number }> {
  const w = proxyWhere(f);
  const rows = await db
    .select({ p: proxies, host: subServers.host, total: sql<string>`count(*) over ()` })
    .from(proxies)
    .innerJoin(subServers, eq(subServers.id, proxies.subServerId))
    .where(w)
    .orderBy(...SORTS[f.sort])
    .limit(f.limit)
    .offset(offsetOf(f.page, f.limit));
  if (rows.length > 0) {
    return { rows, total: Number(rows[0]!.total) };
  }
  const totals = f.page > 1 ? await db.select({ n: count() }).from(proxies).where(w) : [{ n: 0 }];
  return { rows: [], total: totals[0]?.n ?? 0 };
}

/** All of a user's proxies matching a filter, for export (no paging; a user's list is bounded). */
export async function allProxies(db: DbOrTx, f: Omit<ProxyFilter, 'page' | 'limit' | 'sort'>) {
  return db
    .select({ p: proxies, host: subServers.host })
    .from(proxies)
    .innerJoin(subServers, eq(subServers.id, proxies.subServerId))
    .where(proxyWhere(f))
    .orderBy(asc(proxies.createdAt), asc(proxies.id));
}

export async function proxiesOfOrder(db: DbOrTx, orderId: string) {
  return db
    .select({ p: proxies, host: subServers.host })
    .from(proxies)
    .innerJoin(subServers, eq(subServers.id, proxies.subServerId))
    .where(eq(proxies.orderId, orderId))
    .orderBy(asc(proxies.port));
}

/** The caller's proxies by id, locked for update; throws nothing, the service checks the count. */
export async function lockProxies(db: DbOrTx, userId: string, ids: string[], type?: ProxyRow['type']) {
  const parts = [inArray(proxies.id, ids), eq(proxies.userId, userId), isNull(proxies.keyId)];
  if (type) {
    parts.push(eq(proxies.type, type));
  }
  return db
    .select()
    .from(proxies)
    .where(and(...parts))
    .for('update');
}

export async function lockKeys(db: DbOrTx, userId: string, ids: string[]) {
  return db
    .select()
    .from(rotatingKeys)
    .where(and(inArray(rotatingKeys.id, ids), eq(rotatingKeys.userId, userId)))
    .for('update');
}

export async function listKeys(
  db: DbOrTx,
  f: {
    userId?: string;
    siteId?: string;
    orderId?: string;
    tagId?: string;
    status?: KeyRow['status'];
    search: string;
    page: number;
    limit: number;
  },
): Promise<{ rows: { k: KeyRow; line: string | null }[]; total: number }> {
  const parts: (SQL | undefined)[] = [];
  if (f.userId) {
    parts.push(eq(rotatingKeys.userId, f.userId));
  }
  if (f.siteId) {
    parts.push(eq(rotatingKeys.siteId, f.siteId));
  }
  if (f.orderId) {
    parts.push(eq(rotatingKeys.orderId, f.orderId));
  }
  if (f.tagId) {
    parts.push(eq(rotatingKeys.tagId, f.tagId));
  }
  if (f.status) {
    parts.push(eq(rotatingKeys.status, f.status));
  }
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(or(ilike(rotatingKeys.key, p), ilike(rotatingKeys.comment, p), ilike(rotatingKeys.country, p)));
  }
  const w = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select({
        k: rotatingKeys,
        line: sql<string | null>`case when ${proxies.id} is null then null
          else ${subServers.host} || ':' || ${proxies.port} || ':' || ${proxies.username} || ':' || ${proxies.password} end`,
      })
      .from(rotatingKeys)
      .leftJoin(proxies, eq(proxies.id, rotatingKeys.proxyId))
      .leftJoin(subServers, eq(subServers.id, proxies.subServerId))
      .where(w)
      .orderBy(desc(rotatingKeys.createdAt), desc(rotatingKeys.id))
      .limit(f.limit)
      .offset(offsetOf(f.page, f.limit)),
    db.select({ n: count() }).from(rotatingKeys).where(w),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
