import { isIPv4 } from 'node:net';
import { MAX_AUTH_IPS } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { lockOwnedProxies, proxyEndpointsOf, updateProxiesById, type ProxyScope } from './queries.js';

/**
 * docs/product-rules.md#auth-ips: up to 3 IPv4 addresses, format checked, not the same list again,
 * not on a locked proxy.
 */
export function normaliseAuthIps(list: string[]): string[] {
  const ips = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  if (ips.length === 0 || ips.length > MAX_AUTH_IPS || !ips.every((ip) => isIPv4(ip))) {
    throw new AppError('INVALID_IP', { max: MAX_AUTH_IPS });
  }
  return ips;
}

/** POST /api/{v6,v4,bought}-proxy/auth-ip: the addresses allowed to use these proxies without a password. */
export async function setAuthIps(
  ctx: AppContext,
  userId: string,
  type: ProxyScope | undefined,
  ids: string[],
  list: string[],
) {
  const ips = normaliseAuthIps(list);
  await ctx.db.transaction(async (tx) => {
    const rows = await lockOwnedProxies(tx, userId, ids, type);
    if (rows.some((p) => p.status === 'locked')) {
      throw new AppError('PROXY_EXPIRED');
    }
    const same = (a: string[]) => a.length === ips.length && [...a].sort().join() === [...ips].sort().join();
    if (rows.every((p) => same(p.authIps))) {
      throw new AppError('SAME_OLD_AUTH_IP');
    }
    await updateProxiesById(
      tx,
      rows.map((p) => p.id),
      { authIps: ips, updatedAt: ctx.clock.now() },
    );
    await recordProxyChanges(
      tx,
      rows.map((p) => p.id),
    );
    await recordAudit(ctx, tx, {
      userId,
      action: 'proxy.auth-ip',
      targetType: 'proxy',
      targetIds: rows.map((p) => p.id),
      detail: { authIps: ips },
    });
  });
  return ips;
}

export function setAuthIpsRoute(app: RouteApp, tags: string[], scope: ProxyScope): void {
  route(app, proxyEndpointsOf(scope).authIp, { schema: { tags } }, async (req) => ({
    authIp: await setAuthIps(app.ctx, req.user.id, scope, req.body.listProxyId, req.body.authIp),
  }));
}
