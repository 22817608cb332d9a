import { checkOwnEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findUserProxiesToCheck, type ProxyScope } from '../proxies/index.js';
import { CONCURRENCY, echo6Of, echoTarget, mapLimit, probe, type EchoTarget } from './probe.js';

/** A proxy sold as IPv6 is tried against the IPv6 target first, the IPv4 one being its fallback. */
function echoesFor(ctx: AppContext, type: string): { echo: EchoTarget; fallback?: EchoTarget } {
  const echo = echoTarget(ctx);
  const echo6 = echo6Of(ctx);
  return type === 'v6' && echo6 ? { echo: echo6, fallback: echo } : { echo, fallback: echo6 };
}

/** PUT check-list-proxy: each of the caller's proxies, through its own listener, from the server. */
export async function checkOwnProxies(ctx: AppContext, userId: string, type: ProxyScope | undefined, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await findUserProxiesToCheck(ctx.db, userId, unique);
  const outOfScope = (r: { type: string; package_name: string | null }) =>
    type === 'bought' ? r.type !== 'v4' || r.package_name === null : type !== undefined && r.type !== type;
  if (rows.length !== unique.length || rows.some((r) => r.key_id !== null || outOfScope(r))) {
    throw new AppError('PROXY_NOT_EXISTS');
  }
  echoTarget(ctx);
  return mapLimit(rows, CONCURRENCY, async (r) => {
    const { echo, fallback } = echoesFor(ctx, r.type);
    const res = await probe(
      { host: r.host, port: r.port, username: r.username, password: r.password },
      r.protocol,
      echo,
      5_000,
      fallback,
    );
    return {
      id: r.id,
      live: res.live,
      latencyMs: res.latencyMs,
      egressIp: res.exitIp,
      ipv4Fallback: r.type === 'v6' && r.ipv4_fallback,
    };
  });
}

/** Each check dials out from the server: 30 calls a minute per user. */
export function checkOwnRoute(app: RouteApp, opts: RouteOptions, scope: ProxyScope): void {
  route(app, checkOwnEndpoints(scope).checkListProxy, opts, async (req) => {
    await hitLimit(app.ctx.db, app.ctx.clock, { key: `check-own:${req.user.id}`, max: 30, windowSec: 60 });
    return checkOwnProxies(app.ctx, req.user.id, scope, req.body.listProxyId);
  });
}
