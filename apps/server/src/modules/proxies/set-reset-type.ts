import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { lockOwnedProxies, proxyEndpointsOf, updateProxiesById, type ProxyScope } from './queries.js';

/** POST update-reset-ip-type: auto rotation every 15–1000 minutes, or manual. */
export async function setResetType(
  ctx: AppContext,
  userId: string,
  type: ProxyScope | undefined,
  ids: string[],
  mode: 'auto' | 'manual',
  intervalMin: number | undefined,
) {
  if (mode === 'auto' && intervalMin === undefined) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'body.intervalMin', message: 'required for auto' }] });
  }
  await ctx.db.transaction(async (tx) => {
    const rows = await lockOwnedProxies(tx, userId, ids, type);
    if (rows.some((p) => p.status === 'locked')) {
      throw new AppError('PROXY_EXPIRED');
    }
    await updateProxiesById(
      tx,
      rows.map((p) => p.id),
      {
        ipChangeMode: mode,
        kind: mode === 'auto' ? 'rotating' : 'static',
        changeIntervalMin: mode === 'auto' ? intervalMin! : null,
        updatedAt: ctx.clock.now(),
      },
    );
    await recordAudit(ctx, tx, {
      userId,
      action: 'proxy.rotation',
      targetType: 'proxy',
      targetIds: rows.map((p) => p.id),
      detail: mode === 'auto' ? { mode, intervalMin } : { mode },
    });
  });
}

export function setResetTypeRoute(app: RouteApp, tags: string[], scope: ProxyScope): void {
  route(app, proxyEndpointsOf(scope).updateResetIpType, { schema: { tags } }, async (req) => {
    await setResetType(app.ctx, req.user.id, scope, req.body.listProxyId, req.body.mode, req.body.intervalMin);
    return { ok: true as const };
  });
}
