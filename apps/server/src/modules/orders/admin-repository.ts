import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { orders, proxies, rotatingKeys, nodes } from '../../db/schema/index.js';
import { offsetOf } from '../../lib/paging.js';
import { keyLine } from './items-repository.js';
import type { OrderRow } from './repository.js';

/** The admin's order statements: every read and lock is scoped to the admin's site. */

export async function findSiteOrder(db: DbOrTx, siteId: string, id: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.siteId, siteId)))
    .limit(1);
  return rows[0];
}

/** The order, locked (the first lock of any transaction that changes an order and its items). */
export async function lockSiteOrder(db: DbOrTx, siteId: string, id: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.siteId, siteId)))
    .for('update');
  return rows[0];
}

/** A page of an order's proxies (key listeners excluded) with their node's host, by port. */
export async function pageOrderProxies(db: DbOrTx, orderId: string, page: number, limit: number) {
  const w = and(eq(proxies.orderId, orderId), sql`${proxies.keyId} is null`);
  const [rows, totals] = await Promise.all([
    db
      .select({ p: proxies, host: nodes.host })
      .from(proxies)
      .innerJoin(nodes, eq(nodes.id, proxies.nodeId))
      .where(w)
      .orderBy(asc(proxies.port), asc(proxies.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    db.select({ n: count() }).from(proxies).where(w),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** A page of an order's keys with their listener's line. */
export async function pageOrderKeys(db: DbOrTx, orderId: string, page: number, limit: number) {
  const w = eq(rotatingKeys.orderId, orderId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        k: rotatingKeys,
        line: keyLine,
      })
      .from(rotatingKeys)
      .leftJoin(proxies, eq(proxies.id, rotatingKeys.proxyId))
      .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
      .where(w)
      .orderBy(asc(rotatingKeys.createdAt), asc(rotatingKeys.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    db.select({ n: count() }).from(rotatingKeys).where(w),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function lockKeysForGood(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  if (ids.length) {
    await db
      .update(rotatingKeys)
      .set({ status: 'locked', lockedAt: at, proxyId: null, autoRenew: false, updatedAt: at })
      .where(inArray(rotatingKeys.id, ids));
  }
}

export async function lockProxiesForGood(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  if (ids.length) {
    await db
      .update(proxies)
      .set({ status: 'locked', lockedAt: at, autoRenew: false, updatedAt: at })
      .where(inArray(proxies.id, ids));
  }
}

export async function markOrderCancelled(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'cancelled', holdsPlan: false, autoRenew: false, updatedAt: at })
    .where(eq(orders.id, id));
}

/** A page of one customer's proxies of the site (key listeners excluded), newest first. */
export async function pageUserProxies(db: DbOrTx, siteId: string, userId: string, page: number, limit: number) {
  const w = and(eq(proxies.userId, userId), eq(proxies.siteId, siteId), sql`${proxies.keyId} is null`);
  const [rows, totals] = await Promise.all([
    db
      .select({ p: proxies, host: nodes.host })
      .from(proxies)
      .innerJoin(nodes, eq(nodes.id, proxies.nodeId))
      .where(w)
      .orderBy(desc(proxies.createdAt), asc(proxies.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    db.select({ n: count() }).from(proxies).where(w),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
