import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { cooldownLeft, lockOwnedProxies, proxyEndpointsOf, type ProxyScope } from './queries.js';
import { rotateEgress } from './rotate-egress.js';

/** The least time between two manual IP resets of one proxy. */
export const RESET_MIN_SECONDS = 60;

/** POST reset-ip-manual: a new egress for each proxy, at most once a minute per proxy. */
export async function resetIps(ctx: AppContext, userId: string, type: ProxyScope | undefined, ids: string[]) {
  return ctx.db.transaction(async (tx) => {
    const rows = await lockOwnedProxies(tx, userId, ids, type);
    if (rows.some((p) => p.status !== 'using')) {
      throw new AppError('PROXY_EXPIRED');
    }
    const remain = cooldownLeft(
      rows.map((p) => p.ipChangedAt),
      RESET_MIN_SECONDS,
      ctx.clock.nowMs(),
    );
    if (remain > 0) {
      throw new AppError('RESET_TOO_FAST', { remainTime: remain });
    }
    const out: { id: string; egressIp: string; ipChangedAt: string }[] = [];
    for (const p of rows) {
      const r = await rotateEgress(ctx, tx, p, p.type);
      out.push({ id: r.id, egressIp: r.egressIp, ipChangedAt: r.ipChangedAt!.toISOString() });
    }
    await recordAudit(
      ctx,
      tx,
      rows.map((p, i) => ({
        userId,
        action: 'proxy.ip-change' as const,
        targetType: 'proxy' as const,
        targetIds: [p.id],
        detail: { from: p.egressIp, to: out[i]!.egressIp },
      })),
    );
    return out;
  });
}

export function resetIpsRoute(app: RouteApp, tags: string[], scope: ProxyScope): void {
  route(app, proxyEndpointsOf(scope).resetIpManual, { schema: { tags } }, async (req) =>
    resetIps(app.ctx, req.user.id, scope, req.body.listProxyId),
  );
}
