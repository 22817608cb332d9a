import { keyEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { releasePlacements } from '../allocation/index.js';
import { recordAudit } from '../audit/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { lockOrdersOfProxiesOrKeys, refreshOrders } from '../orders/index.js';
import { lockKeys, updateKeysById, updateProxiesById } from './queries.js';

/** POST /api/key/delete-list-key: keys go for good; their listeners stop and go back to the pool. No refund. */
export async function deleteKeys(ctx: AppContext, userId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    await lockOrdersOfProxiesOrKeys(tx, userId, 'keys', unique);
    const rows = await lockKeys(tx, userId, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    const now = ctx.clock.now();
    const proxyIds = rows.map((k) => k.proxyId).filter((x): x is string => x !== null);
    await updateKeysById(tx, unique, { status: 'locked', lockedAt: now, proxyId: null, updatedAt: now });
    if (proxyIds.length) {
      await updateProxiesById(tx, proxyIds, { status: 'locked', lockedAt: now, updatedAt: now });
      await releasePlacements(tx, proxyIds);
      await recordProxyChanges(tx, proxyIds);
    }
    await refreshOrders(
      tx,
      rows.map((k) => k.orderId).filter((x): x is string => x !== null),
    );
    await recordAudit(ctx, tx, { userId, action: 'key.delete', targetType: 'key', targetIds: unique });
  });
}

export function deleteKeysRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, keyEndpoints.deleteListKey, opts, async (req) => {
    await deleteKeys(app.ctx, req.user.id, req.body.listKeyId);
    return { ok: true as const };
  });
}
