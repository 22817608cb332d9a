import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { proxies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { lockOrdersOfProxiesOrKeys, syncOrderAutoRenew } from '../orders/index.js';
import { lockProxies, patchEvents, proxyEndpointsOf, updateProxiesById, type ProxyScope } from './queries.js';

/** A package's proxies share one auto-renew flag: sets it on every live proxy of these package orders. */
async function setPackageProxiesAutoRenew(
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

/**
 * POST update-list-proxy: comment and auto-renew. A package is sold and renewed as one (one price
 * for all its proxies; renew-list-proxy refuses its proxies), so its proxies share one auto-renew
 * flag: setting it on one sets it on the package.
 */
export async function updateProxies(
  ctx: AppContext,
  userId: string,
  type: ProxyScope | undefined,
  ids: string[],
  patch: { comment?: string; autoRenew?: boolean },
) {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    if (patch.autoRenew !== undefined) {
      // The flag reaches the orders (syncOrderAutoRenew) and a package's other proxies.
      await lockOrdersOfProxiesOrKeys(tx, userId, 'proxies', unique);
    }
    const rows = await lockProxies(tx, userId, unique, type);
    if (rows.length !== unique.length) {
      throw new AppError('PROXY_NOT_EXISTS');
    }
    const now = ctx.clock.now();
    await updateProxiesById(tx, unique, { ...patch, updatedAt: now });
    await recordAudit(ctx, tx, patchEvents(userId, 'proxy', unique, patch));
    if (patch.autoRenew === undefined) {
      return;
    }
    const packages = [
      ...new Set(rows.filter((p) => p.packageName !== null && p.orderId !== null).map((p) => p.orderId!)),
    ];
    if (packages.length) {
      await setPackageProxiesAutoRenew(tx, userId, packages, patch.autoRenew, now);
    }
    await syncOrderAutoRenew(
      tx,
      rows.map((p) => p.orderId),
    );
  });
}

export function updateProxiesRoute(app: RouteApp, tags: string[], scope: ProxyScope): void {
  route(app, proxyEndpointsOf(scope).updateListProxy, { schema: { tags } }, async (req) => {
    await updateProxies(app.ctx, req.user.id, scope, req.body.listProxyId, {
      comment: req.body.comment,
      autoRenew: req.body.autoRenew,
    });
    return { ok: true as const };
  });
}
