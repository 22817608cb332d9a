import { boughtProxyEndpoints, typedProxyEndpoints } from '@proxy/contract';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { nodes, proxies, rotatingKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { toolLinkMisses } from '../../lib/metrics.js';
import { likePattern } from '../../lib/paging.js';
import { hitLimit } from '../../lib/rate-limit.js';
import type { AppContext } from '../../context.js';
import type { AuditEventInput } from '../audit/index.js';
import type { ProxyRow } from '../orders/index.js';

/** The statements and rules two or more of the module's use cases share. */

/**
 * Which of a user's proxies a call sees: one product, or "bought", the private IPv4 proxies from
 * packages that are also served under /api/bought-proxy (docs/wire-contract.md#proxies).
 */
export type ProxyScope = ProxyRow['type'] | 'bought';

/** The registry entries a scope's calls are bound to: /api/bought-proxy's or the product's. */
export function proxyEndpointsOf(scope: ProxyScope) {
  return scope === 'bought' ? boughtProxyEndpoints : typedProxyEndpoints(scope);
}

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

/** All of a user's proxies matching a filter, for export (no paging; a user's list is bounded). */
export async function allProxies(db: DbOrTx, f: Omit<ProxyFilter, 'page' | 'limit' | 'sort'>) {
  return db
    .select({ p: proxies, host: nodes.host })
    .from(proxies)
    .innerJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(proxyWhere(f))
    .orderBy(asc(proxies.createdAt), asc(proxies.id));
}

/** The caller's proxies by id, locked for update; throws nothing, the caller checks the count. */
export async function lockProxies(db: DbOrTx, userId: string, ids: string[], type?: ProxyScope) {
  const parts = [inArray(proxies.id, ids), eq(proxies.userId, userId), isNull(proxies.keyId)];
  if (type) {
    parts.push(...scopeFilter(type));
  }
  return db
    .select()
    .from(proxies)
    .where(and(...parts))
    .for('update');
}

/** Locks the caller's proxies; one id that is not theirs refuses the whole batch (docs/wire-contract.md#batches). */
export async function lockOwnedProxies(
  tx: Tx,
  userId: string,
  ids: string[],
  type: ProxyScope | undefined,
): Promise<ProxyRow[]> {
  const unique = [...new Set(ids)];
  const rows = await lockProxies(tx, userId, unique, type);
  if (rows.length !== unique.length) {
    throw new AppError('PROXY_NOT_EXISTS');
  }
  return rows;
}

/** The caller's keys by id, locked for update; throws nothing, the caller checks the count. */
export async function lockKeys(db: DbOrTx, userId: string, ids: string[]) {
  return db
    .select()
    .from(rotatingKeys)
    .where(and(inArray(rotatingKeys.id, ids), eq(rotatingKeys.userId, userId)))
    .for('update');
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

/** One patch on many keys by id (comment and flag, locking, the last get-new-ip). */
export async function updateKeysById(db: DbOrTx, ids: string[], patch: KeyPatch): Promise<void> {
  await db.update(rotatingKeys).set(patch).where(inArray(rotatingKeys.id, ids));
}

/**
 * Whole seconds left of a cooldown that starts at the latest of `changedAt` (never changed counts as
 * long ago); zero or less once it is over. The answer is the errors' `remainTime`.
 */
export function cooldownLeft(changedAt: (Date | null)[], cooldownSeconds: number, nowMs: number): number {
  const last = Math.max(0, ...changedAt.map((at) => at?.getTime() ?? 0));
  return Math.ceil((last + cooldownSeconds * 1000 - nowMs) / 1000);
}

/** The trail rows of a comment or auto-renew change to proxies or keys. */
export function patchEvents(
  userId: string,
  kind: 'proxy' | 'key',
  ids: string[],
  patch: { comment?: string; autoRenew?: boolean },
): AuditEventInput[] {
  const events: AuditEventInput[] = [];
  if (patch.comment !== undefined) {
    events.push({
      userId,
      action: `${kind}.comment`,
      targetType: kind,
      targetIds: ids,
      detail: { comment: patch.comment },
    });
  }
  if (patch.autoRenew !== undefined) {
    events.push({
      userId,
      action: `${kind}.auto-renew`,
      targetType: kind,
      targetIds: ids,
      detail: { autoRenew: patch.autoRenew },
    });
  }
  return events;
}

/** Misses one address may make in a minute before it is refused (docs/tool-links.md#bad-input). */
export const LINK_MISSES_PER_MINUTE = 30;

/** A tool-link token that finds nothing: NOT_FOUND, counted in /metrics and per client address. */
export async function linkMiss(ctx: AppContext, ip: string, kind: 'proxy' | 'list'): Promise<never> {
  toolLinkMisses.inc({ kind });
  await hitLimit(ctx.db, ctx.clock, { key: `toollink-miss:${ip}`, max: LINK_MISSES_PER_MINUTE, windowSec: 60 });
  throw new AppError('NOT_FOUND');
}
