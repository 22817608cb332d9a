import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { proxies, rotatingKeys, nodes } from '../../db/schema/index.js';
import type { KeyRow, ProxyRow } from './repository.js';

/**
 * The statements an order runs on its own proxies and keys (buying, renewing, amending, the
 * order's flags). Take the order's lock first (repository.ts `lockOrders`).
 */

function uuidList(ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
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

/** As lockLiveProxiesOfOrder, by port (change-country hands out addresses in this order). */
export async function lockLiveProxiesOfOrderByPort(db: DbOrTx, orderId: string): Promise<ProxyRow[]> {
  return db
    .select()
    .from(proxies)
    .where(and(eq(proxies.orderId, orderId), ne(proxies.status, 'locked')))
    .orderBy(proxies.port)
    .for('update');
}

/** Extends items by `hours` from their expiry, or from `at` when already expired: one statement each. */
export async function extendProxies(db: DbOrTx, ids: string[], hours: number, at: string): Promise<void> {
  const newExpiry = sql`greatest(expires_at, ${at}::timestamptz) + make_interval(hours => ${hours})`;
  await db.execute(
    sql`update proxies set expires_at = ${newExpiry}, status = 'using', updated_at = ${at} where id in (${uuidList(ids)})`,
  );
}

export async function extendKeys(db: DbOrTx, ids: string[], hours: number, at: string): Promise<void> {
  const newExpiry = sql`greatest(expires_at, ${at}::timestamptz) + make_interval(hours => ${hours})`;
  await db.execute(
    sql`update rotating_keys set expires_at = ${newExpiry}, status = 'using', updated_at = ${at} where id in (${uuidList(ids)})`,
  );
}

/** A key's listener lives exactly as long as the key. */
export async function alignKeyListeners(db: DbOrTx, proxyIds: string[], at: string): Promise<void> {
  await db.execute(sql`update proxies p set expires_at = k.expires_at, status = 'using', updated_at = ${at}
        from rotating_keys k where k.proxy_id = p.id and p.id in (${uuidList(proxyIds)})`);
}

export async function setOrderBandwidthLimit(db: DbOrTx, orderId: string, gb: number, at: Date): Promise<string[]> {
  const changed = await db
    .update(proxies)
    .set({ bandwidthLimitGb: gb, updatedAt: at })
    .where(eq(proxies.orderId, orderId))
    .returning({ id: proxies.id });
  return changed.map((p) => p.id);
}

/** The order switch sets the flag of all its proxies and keys. */
export async function setOrderItemsAutoRenew(db: DbOrTx, orderId: string, autoRenew: boolean, at: Date) {
  await db.update(proxies).set({ autoRenew, updatedAt: at }).where(eq(proxies.orderId, orderId));
  await db.update(rotatingKeys).set({ autoRenew, updatedAt: at }).where(eq(rotatingKeys.orderId, orderId));
}

/** The live proxies of the user's private IPv4 packages take the account switch; returns their orders. */
export async function setPrivatePackageProxiesAutoRenew(
  db: DbOrTx,
  userId: string,
  autoRenew: boolean,
  at: Date,
): Promise<string[]> {
  const changed = await queryRows<{ order_id: string }>(
    db,
    sql`update proxies p set auto_renew = ${autoRenew}, updated_at = ${at.toISOString()}
          from orders o
          where p.order_id = o.id and o.user_id = ${userId} and o.type = 'package' and o.product = 'v4'
            and p.user_id = ${userId} and p.status <> 'locked'
          returning p.order_id`,
  );
  return changed.map((r) => r.order_id);
}

/** Inserts proxies, one statement per 1,000, so buying 1,000 proxies is a handful of round trips. */
export async function insertProxyRows(db: DbOrTx, rows: (typeof proxies.$inferInsert)[]): Promise<ProxyRow[]> {
  const out: ProxyRow[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(
      ...(await db
        .insert(proxies)
        .values(rows.slice(i, i + 1000))
        .returning()),
    );
  }
  return out;
}

export async function insertKeyRows(db: DbOrTx, rows: (typeof rotatingKeys.$inferInsert)[]): Promise<KeyRow[]> {
  return db.insert(rotatingKeys).values(rows).returning();
}

/** A key's listener line, `host:port:user:pass` (null while it has no listener), with proxies and nodes left-joined. */
export const keyLine = sql<string | null>`case when ${proxies.id} is null then null
  else ${nodes.host} || ':' || ${proxies.port} || ':' || ${proxies.username} || ':' || ${proxies.password} end`;

/**
 * An order's keys with their listener's `host:port:user:pass` line, newest first: what a repeated
 * buy-keys gets back (the same rows and line as the key list).
 */
export async function keysOfOrder(db: DbOrTx, userId: string, orderId: string, limit: number) {
  return db
    .select({
      k: rotatingKeys,
      line: keyLine,
    })
    .from(rotatingKeys)
    .leftJoin(proxies, eq(proxies.id, rotatingKeys.proxyId))
    .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(and(eq(rotatingKeys.userId, userId), eq(rotatingKeys.orderId, orderId)))
    .orderBy(desc(rotatingKeys.createdAt), desc(rotatingKeys.id))
    .limit(limit);
}

/** Change-country: the proxies take their new addresses and country (allocation moves the holds). */
export async function setProxiesEgress(
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
