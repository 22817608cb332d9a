import { auditEndpoints, ROLE, type TAuditEvent, type TAuditListQuery, type TPage } from '@proxy/contract';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { mapPage, pagedSelect } from '../../lib/paging.js';
import { route, type RouteApp } from '../../lib/route.js';
import { requireAdmin } from '../../plugins/auth.js';

type AuditRow = typeof auditEvents.$inferSelect;

/** `self`: the customer's own trail, where an admin's or owner's action shows without their address. */
function toWire(r: AuditRow, viewer: 'self' | 'admin'): TAuditEvent {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actor,
    ip: viewer === 'self' && r.actor === 'admin' ? null : r.ip,
    action: r.action,
    target: r.targetType ? { type: r.targetType, id: r.targetId } : null,
    detail: r.apiKeyHint ? { ...r.detail, apiKey: r.apiKeyHint } : r.detail,
  };
}

const NOT_EXISTS = { proxy: 'PROXY_NOT_EXISTS', key: 'KEY_NOT_EXISTS', order: 'ORDER_NOT_EXIST' } as const;

/**
 * GET /api/audit/list: the user's own rows, newest first. A proxyId, keyId or orderId that is not
 * the user's counts as not existing (404 PROXY_NOT_EXISTS, KEY_NOT_EXISTS, ORDER_NOT_EXIST); a
 * proxy's or key's trail includes the rows of its order (its purchase, whole-order renewals).
 */
export async function listAudit(
  ctx: AppContext,
  userId: string,
  q: TAuditListQuery,
  viewer: 'self' | 'admin' = 'self',
): Promise<TPage<TAuditEvent>> {
  const targets = (
    [
      ['proxy', q.proxyId],
      ['key', q.keyId],
      ['order', q.orderId],
    ] as const
  ).filter((t): t is readonly ['proxy' | 'key' | 'order', string] => t[1] !== undefined);
  if (targets.length > 1) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'query', message: 'one of proxyId, keyId, orderId' }] });
  }
  let targetIds: string[] | undefined;
  if (targets[0]) {
    const [type, id] = targets[0];
    const owned = await findOwnedTarget(ctx.db, userId, type, id);
    if (!owned) {
      throw new AppError(NOT_EXISTS[type]);
    }
    targetIds = owned.orderId ? [id, owned.orderId] : [id];
  }
  // Newest first (index user_id, at / user_id, target_id, at).
  const conds: SQL[] = [eq(auditEvents.userId, userId)];
  if (targetIds) {
    conds.push(inArray(auditEvents.targetId, targetIds));
  }
  const where = and(...conds);
  const p = await pagedSelect(
    ctx.db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.at), desc(auditEvents.id)),
    ctx.db.select({ n: count() }).from(auditEvents).where(where),
    q.page,
    q.limit,
  );
  return mapPage(p, (r) => toWire(r, viewer));
}

/**
 * The proxy, key or order if it is the user's (an id that is not theirs counts as not existing),
 * with the order a proxy or key belongs to: its trail shows that order's rows too (the purchase).
 */
async function findOwnedTarget(
  db: DbOrTx,
  userId: string,
  type: 'proxy' | 'key' | 'order',
  id: string,
): Promise<{ orderId: string | null } | undefined> {
  const query = {
    proxy: sql`select order_id as "orderId" from proxies where id = ${id} and user_id = ${userId}`,
    key: sql`select order_id as "orderId" from rotating_keys where id = ${id} and user_id = ${userId}`,
    order: sql`select null as "orderId" from orders where id = ${id} and user_id = ${userId}`,
  }[type];
  const [row] = await queryRows<{ orderId: string | null }>(db, query);
  return row;
}

/**
 * An admin's view of a customer's trail (the customer page): users of the admin's site only, and
 * for a site admin customers only (the owner's and admins' trails hold their balances).
 */
export async function adminListAudit(
  ctx: AppContext,
  actor: { role: number },
  siteId: string,
  userId: string,
  q: TAuditListQuery,
) {
  const [user] = await queryRows<{ role: number }>(
    ctx.db,
    sql`select role from users where id = ${userId} and site_id = ${siteId} limit 1`,
  );
  if (!user) {
    throw new AppError('USER_NOT_EXISTS');
  }
  if (actor.role !== ROLE.OWNER && user.role !== ROLE.CUSTOMER) {
    throw new AppError('FORBIDDEN');
  }
  return listAudit(ctx, userId, q, 'admin');
}

/** /api/audit/… (docs/wire-contract.md#audit), behind authenticate. */
export function listAuditRoutes(app: RouteApp, tags: string[]): void {
  route(app, auditEndpoints.list, { schema: { tags } }, async (req) => listAudit(app.ctx, req.user.id, req.query));
  route(app, auditEndpoints.adminList, { preHandler: requireAdmin, schema: { tags } }, async (req) =>
    adminListAudit(app.ctx, { role: req.user.role }, req.site.id, req.query.userId, req.query),
  );
}
