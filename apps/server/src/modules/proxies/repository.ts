import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { proxies, rotatingKeys, nodes, users } from '../../db/schema/index.js';
import { likePattern, offsetOf } from '../../lib/paging.js';

type ProxyRow = typeof proxies.$inferSelect;
type KeyRow = typeof rotatingKeys.$inferSelect;

/**
 * Which of a user's proxies a call sees: one product, or "bought", the private IPv4 proxies from
 * packages that are also served under /api/bought-proxy (docs/wire-contract.md#proxies).
 */
export type ProxyScope = ProxyRow['type'] | 'bought';

export function scopeFilter(scope: ProxyScope): SQL[] {
  return scope === 'bought' ? [eq(proxies.type, 'v4'), isNotNull(proxies.packageName)] : [eq(proxies.type, scope)];
}

export interface ProxyFilter {
  userId: string;
  type?: ProxyScope;
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

/** A value of a list filter, or the placeholder a prepared statement fills in (listProxiesJson). */
type Value = string | Placeholder;

interface WhereValues {
  userId: Value;
  type?: ProxyScope;
  status?: ProxyRow['status'] | Placeholder;
  country?: Value;
  tagId?: Value;
  orderId?: Value;
  ids?: string[];
  /** The LIKE pattern of the search text (likePattern), and the text itself for the port. */
  search?: { pattern: Value; text: Value };
}

export function whereOf(w: WhereValues): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(proxies.userId, w.userId), isNull(proxies.keyId)];
  if (w.type) {
    parts.push(...scopeFilter(w.type));
  }
  if (w.status !== undefined) {
    parts.push(eq(proxies.status, w.status));
  }
  if (w.country !== undefined) {
    parts.push(eq(proxies.country, w.country));
  }
  if (w.tagId !== undefined) {
    parts.push(eq(proxies.tagId, w.tagId));
  }
  if (w.orderId !== undefined) {
    parts.push(eq(proxies.orderId, w.orderId));
  }
  if (w.ids) {
    parts.push(inArray(proxies.id, w.ids));
  }
  if (w.search) {
    const p = w.search.pattern;
    parts.push(
      or(
        ilike(proxies.username, p),
        ilike(proxies.egressIp, p),
        ilike(proxies.comment, p),
        sql`${proxies.port}::text = ${w.search.text}`,
      ),
    );
  }
  return and(...parts);
}

export function proxyWhere(f: Omit<ProxyFilter, 'sort' | 'page' | 'limit'>): SQL | undefined {
  return whereOf({
    userId: f.userId,
    type: f.type,
    status: f.status || undefined,
    country: f.country || undefined,
    tagId: f.tagId || undefined,
    orderId: f.orderId || undefined,
    ids: f.ids,
    search: f.search ? { pattern: likePattern(f.search), text: f.search } : undefined,
  });
}

export const SORTS = {
  created_desc: [desc(proxies.createdAt), desc(proxies.id)],
  created_asc: [asc(proxies.createdAt), asc(proxies.id)],
  expires_asc: [asc(proxies.expiresAt), asc(proxies.id)],
  expires_desc: [desc(proxies.expiresAt), desc(proxies.id)],
} as const;

/** All of a user's proxies matching a filter, for export (no paging; a user's list is bounded). */
export async function allProxies(db: DbOrTx, f: Omit<ProxyFilter, 'page' | 'limit' | 'sort'>) {
  return db
    .select({ p: proxies, host: nodes.host })
    .from(proxies)
    .innerJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(proxyWhere(f))
    .orderBy(asc(proxies.createdAt), asc(proxies.id));
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
    /** The admin list also finds keys by their customer's e-mail. */
    searchEmail?: boolean;
    page: number;
    limit: number;
  },
): Promise<{ rows: { k: KeyRow; line: string | null; email: string }[]; total: number }> {
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
    parts.push(
      or(
        ilike(rotatingKeys.key, p),
        ilike(rotatingKeys.comment, p),
        ilike(rotatingKeys.country, p),
        f.searchEmail ? ilike(users.email, p) : undefined,
      ),
    );
  }
  const w = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select({
        k: rotatingKeys,
        line: sql<string | null>`case when ${proxies.id} is null then null
          else ${nodes.host} || ':' || ${proxies.port} || ':' || ${proxies.username} || ':' || ${proxies.password} end`,
        email: users.email,
      })
      .from(rotatingKeys)
      .innerJoin(users, eq(users.id, rotatingKeys.userId))
      .leftJoin(proxies, eq(proxies.id, rotatingKeys.proxyId))
      .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
      .where(w)
      .orderBy(desc(rotatingKeys.createdAt), desc(rotatingKeys.id))
      .limit(f.limit)
      .offset(offsetOf(f.page, f.limit)),
    db.select({ n: count() }).from(rotatingKeys).innerJoin(users, eq(users.id, rotatingKeys.userId)).where(w),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** A key by its own value on a site, locked for update (get-new-ip authenticates with it). */
export async function lockKeyByValue(db: DbOrTx, siteId: string, key: string): Promise<KeyRow | undefined> {
  const [k] = await db
    .select()
    .from(rotatingKeys)
    .where(and(eq(rotatingKeys.key, key), eq(rotatingKeys.siteId, siteId)))
    .for('update');
  return k;
}

export async function lockProxy(db: DbOrTx, id: string): Promise<ProxyRow | undefined> {
  const [p] = await db.select().from(proxies).where(eq(proxies.id, id)).for('update');
  return p;
}

type ProxyPatch = Partial<
  Pick<
    typeof proxies.$inferInsert,
    | 'authIps'
    | 'password'
    | 'passwordChangedAt'
    | 'ipChangeMode'
    | 'kind'
    | 'changeIntervalMin'
    | 'comment'
    | 'autoRenew'
    | 'status'
    | 'lockedAt'
    | 'ipv4Fallback'
    | 'updatedAt'
  >
>;

/** One patch on many proxies by id (auth IPs, password, reset type, comment and flag, locking). */
export async function updateProxiesById(db: DbOrTx, ids: string[], patch: ProxyPatch): Promise<void> {
  await db.update(proxies).set(patch).where(inArray(proxies.id, ids));
}

type KeyPatch = Partial<
  Pick<
    typeof rotatingKeys.$inferInsert,
    'comment' | 'autoRenew' | 'status' | 'lockedAt' | 'proxyId' | 'lastNewIpAt' | 'updatedAt'
  >
>;

export async function updateKeysById(db: DbOrTx, ids: string[], patch: KeyPatch): Promise<void> {
  await db.update(rotatingKeys).set(patch).where(inArray(rotatingKeys.id, ids));
}

/** A package's proxies share one auto-renew flag: sets it on every live proxy of these package orders. */
export async function setPackageProxiesAutoRenew(
  db: DbOrTx,
  userId: string,
  orderIds: string[],
  autoRenew: boolean,
  at: Date,
): Promise<void> {
  await db
    .update(proxies)
    .set({ autoRenew, updatedAt: at })
    .where(and(inArray(proxies.orderId, orderIds), eq(proxies.userId, userId), ne(proxies.status, 'locked')));
}

export async function setProxyEgress(
  db: DbOrTx,
  proxyId: string,
  next: { egressIp: string; egressIpId: string | null },
  at: Date,
): Promise<ProxyRow> {
  const [row] = await db
    .update(proxies)
    .set({
      egressIp: next.egressIp,
      egressIpId: next.egressIpId,
      ipChangeStatus: 'changed',
      ipChangedAt: at,
      updatedAt: at,
    })
    .where(eq(proxies.id, proxyId))
    .returning();
  return row!;
}

/** A key's listener takes the authorised address given with get-new-ip (updated_at untouched, as before). */
export async function setProxyAuthIps(db: DbOrTx, proxyId: string, ips: string[]): Promise<void> {
  await db.update(proxies).set({ authIps: ips }).where(eq(proxies.id, proxyId));
}
