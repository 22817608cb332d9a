import { inArray } from 'drizzle-orm';
import { boughtProxyEndpoints, PROXY_PASSWORD_CHANGE_SECONDS, typedProxyEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { proxies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { cooldownLeft, lockOwnedProxies, type ProxyScope } from './queries.js';

/**
 * PUT /api/{v6,v4,bought}-proxy/change-password (docs/product-rules.md#proxy-passwords): proxies
 * in use only; effective at once on the gateway; not again within 2 minutes.
 */
export function changePasswordRoute(app: RouteApp, tags: string[], scope: ProxyScope): void {
  if (scope === 'bought') {
    route(app, boughtProxyEndpoints.changePassword, { schema: { tags } }, async (req) => {
      await changePassword(app.ctx, req.user.id, scope, req.body.listBoughtProxyId, req.body.password);
      return { ok: true as const };
    });
    return;
  }
  route(app, typedProxyEndpoints(scope).changePassword, { schema: { tags } }, async (req) => {
    await changePassword(app.ctx, req.user.id, scope, req.body.listProxyId, req.body.password);
    return { ok: true as const };
  });
}

export async function changePassword(
  ctx: AppContext,
  userId: string,
  type: ProxyScope | undefined,
  ids: string[],
  password: string,
) {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockOwnedProxies(tx, userId, ids, type);
    if (rows.some((p) => p.status !== 'using')) {
      throw new AppError('PROXY_EXPIRED');
    }
    const remain = cooldownLeft(
      rows.map((p) => p.passwordChangedAt),
      PROXY_PASSWORD_CHANGE_SECONDS,
      ctx.clock.nowMs(),
    );
    if (remain > 0) {
      throw new AppError('CHANGE_PASSWORD_TOO_FAST', { remainTime: remain });
    }
    const changed = rows.map((p) => p.id);
    const at = ctx.clock.now();
    await tx
      .update(proxies)
      .set({ password, passwordChangedAt: at, updatedAt: at })
      .where(inArray(proxies.id, changed));
    await recordProxyChanges(tx, changed);
    // Never the password itself: the row says only that it changed.
    await recordAudit(ctx, tx, { userId, action: 'proxy.password', targetType: 'proxy', targetIds: changed });
  });
}
