import { v6ProxyEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteApp } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { lockOwnedProxies, updateProxiesById } from './queries.js';

/**
 * POST /api/v6-proxy/update-ipv4-fallback: the caller's IPv6 proxies reach IPv4-only destinations
 * from their node's IPv4 egress, or stop to. The nodes hear of it on the change stream; turning it
 * off closes the tunnels open through it (docs/gateway-protocol.md#ipv4-fallback).
 */
export async function setIpv4Fallback(ctx: AppContext, userId: string, ids: string[], enabled: boolean) {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockOwnedProxies(tx, userId, ids, 'v6');
    const changed = rows.filter((p) => p.ipv4Fallback !== enabled).map((p) => p.id);
    if (changed.length === 0) {
      return;
    }
    await updateProxiesById(tx, changed, { ipv4Fallback: enabled, updatedAt: ctx.clock.now() });
    await recordProxyChanges(tx, changed);
    await recordAudit(ctx, tx, {
      userId,
      action: 'proxy.ipv4-fallback',
      targetType: 'proxy',
      targetIds: changed,
      detail: { enabled },
    });
  });
}

export function setIpv4FallbackRoute(app: RouteApp, tags: string[]): void {
  route(app, v6ProxyEndpoints.updateIpv4Fallback, { schema: { tags } }, async (req) => {
    await setIpv4Fallback(app.ctx, req.user.id, req.body.listProxyId, req.body.enabled);
    return { ok: true as const };
  });
}
