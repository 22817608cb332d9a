import { randomUUID } from 'node:crypto';
import type { TAuditAction, TAuditEvent, TAuditListQuery, TAuditTargetType, TPage } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/paging.js';
import { actorFor } from './context.js';
import * as repo from './repository.js';

/** How long rows are kept (the maintenance job purges older ones). */
export const AUDIT_RETENTION_DAYS = 365;

export interface AuditEventInput {
  /** Whose trail: the customer the change belongs to. */
  userId: string;
  action: TAuditAction;
  targetType?: TAuditTargetType;
  /** One row per id (a batch of 50 proxies is 50 rows, so each proxy's own trail has it). */
  targetIds?: string[];
  /** What changed, never a secret (a password change says so, nothing more). */
  detail?: Record<string, unknown>;
}

/**
 * Records events in the caller's transaction: a change rolled back leaves no row, a committed one
 * always has its row. The actor and the client IP come from the request's scope (context.ts).
 */
export async function recordAudit(
  ctx: Pick<AppContext, 'clock'>,
  tx: DbOrTx,
  events: AuditEventInput | AuditEventInput[],
): Promise<void> {
  const at = ctx.clock.now();
  const rows: repo.AuditInsert[] = [];
  for (const ev of Array.isArray(events) ? events : [events]) {
    const who = actorFor(ev.userId);
    const base = {
      userId: ev.userId,
      at,
      actor: who.actor,
      actorUserId: who.actorUserId,
      apiKeyHint: who.apiKeyHint,
      ip: who.ip,
      action: ev.action,
      targetType: ev.targetType ?? null,
      detail: ev.detail ?? {},
    };
    const ids = ev.targetIds && ev.targetIds.length > 0 ? [...new Set(ev.targetIds)] : [null];
    for (const targetId of ids) {
      rows.push(Object.assign({}, base, { id: randomUUID(), targetId }));
    }
  }
  await repo.insertAuditRows(tx, rows);
}

/**
 * One keyed request of the developer API. A row per request would drown the trail, so the use is
 * aggregated: one row per key, client IP and UTC hour, with the number of requests and the last
 * one's time (docs/wire-contract.md#audit).
 */
export async function recordApiKeyUse(
  ctx: Pick<AppContext, 'clock' | 'db'>,
  use: { userId: string; hint: string; ip: string; method: string; path: string },
): Promise<void> {
  const now = ctx.clock.now();
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  await repo.bumpAuditBucket(ctx.db, {
    id: randomUUID(),
    userId: use.userId,
    at: now,
    actor: 'api-key',
    actorUserId: use.userId,
    apiKeyHint: use.hint,
    ip: use.ip,
    action: 'api-key.use',
    targetType: 'api-key',
    targetId: null,
    detail: { count: 1, hour: hour.toISOString(), lastAt: now.toISOString(), first: `${use.method} ${use.path}` },
    bucket: `use:${use.hint}:${use.ip}:${hour.toISOString()}`,
  });
}

/** `self`: the customer's own trail, where an admin's or owner's action shows without their address. */
function toWire(r: repo.AuditRow, viewer: 'self' | 'admin'): TAuditEvent {
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
    const owned = await repo.findOwnedTarget(ctx.db, userId, type, id);
    if (!owned) {
      throw new AppError(NOT_EXISTS[type]);
    }
    targetIds = owned.orderId ? [id, owned.orderId] : [id];
  }
  const { rows, total } = await repo.pageAuditRows(ctx.db, { userId, targetIds, page: q.page, limit: q.limit });
  return toPage(
    rows.map((r) => toWire(r, viewer)),
    total,
    q.page,
    q.limit,
  );
}

/** The maintenance job's share: rows past the retention period. */
export async function purgeOldAudit(db: DbOrTx, now: Date): Promise<number> {
  return repo.purgeAuditRows(db, new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000));
}

/** An admin's view of a customer's trail (the customer page): users of the admin's site only. */
export async function adminListAudit(ctx: AppContext, siteId: string, userId: string, q: TAuditListQuery) {
  if (!(await repo.userInSite(ctx.db, userId, siteId))) {
    throw new AppError('USER_NOT_EXISTS');
  }
  return listAudit(ctx, userId, q, 'admin');
}
