import { proxyUrl, toolLinkPublicEndpoints } from '@proxy/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { preparedByShape, type DbOrTx } from '../../db/client.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { getNewIp } from './get-new-ip.js';
import { linkMiss } from './queries.js';
import { resetIps, RESET_MIN_SECONDS } from './reset-ips.js';
import type { LinkCache, ResolvedLink } from './tool-links-cache.js';

/*
 * The per-proxy URLs for tools (docs/tool-links.md): change-IP and current-proxy. A URL's token is
 * its only credential: 256 bits, stored as its SHA-256 and found through a unique index, so a guess
 * costs one index probe whatever it looks like and nothing is compared byte by byte in JavaScript.
 * Misses answer NOT_FOUND, count in /metrics and in a per-address window that turns a flood into
 * TOO_MANY_REQUEST.
 */

const resolveStatement = preparedByShape<ResolvedLink>('resolve_link');

/**
 * One named prepared statement built once (per connection pool): a call passes only the two
 * values, so nothing of the SQL is rendered or hashed per request.
 */
async function resolveLink(db: DbOrTx, siteId: string, tokenHash: string): Promise<ResolvedLink | undefined> {
  // A key's URL answers for its listener proxy; its status is the key's.
  const rows = await resolveStatement(
    db,
    [],
    () => sql`select l.user_id, l.proxy_id, l.key_id, k.key as key_value,
          coalesce(k.status, p.status) as status, s.host, p.port, p.username, p.password, p.protocol,
          p.ip_changed_at, p.node_id
        from proxy_links l
        left join rotating_keys k on k.id = l.key_id
        left join proxies p on p.id = coalesce(l.proxy_id, k.proxy_id)
        left join nodes s on s.id = p.node_id
        join users u on u.id = l.user_id and u.active
        where l.token_hash = ${sql.placeholder('tokenHash')} and l.site_id = ${sql.placeholder('siteId')}`,
    { tokenHash, siteId },
  );
  return rows[0];
}

async function resolve(ctx: AppContext, cache: LinkCache, siteId: string, token: string, ip: string) {
  // Hash whatever came: a malformed token costs the same lookup as a well-formed one.
  const hash = sha256Hex(token);
  let link = cache.get(siteId, hash);
  if (!link) {
    const version = cache.version;
    link = await resolveLink(ctx.db, siteId, hash);
    if (!link) {
      return linkMiss(ctx, ip, 'proxy');
    }
    if (link.status === 'using' && link.port !== null) {
      // Read once here, not on every call the cached row answers.
      if (typeof link.ip_changed_at === 'string') {
        link.ip_changed_at = new Date(link.ip_changed_at);
      }
      cache.set(siteId, hash, link, version);
    }
  }
  // An expired or deleted proxy (or key) has no current line and no IP to change.
  if (link.status !== 'using' || link.port === null) {
    throw new AppError('NOT_FOUND');
  }
  return { link, hash };
}

/** GET changeIpUrl: reset-ip-manual's rule for a proxy, get-new-ip's for a key. */
export async function changeIpByLink(ctx: AppContext, cache: LinkCache, siteId: string, token: string, ip: string) {
  const { link, hash } = await resolve(ctx, cache, siteId, token, ip);
  if (link.key_id) {
    const r = await getNewIp(ctx, siteId, link.key_value!, undefined);
    return { egressIp: r.egressIp, nextChangeIn: r.nextChangeIn };
  }
  // A tool polling its URL mostly comes too soon: refuse those from the lookup's row without
  // queueing on the proxy's lock; resetIps checks again under the lock for the ones let through.
  const changed = link.ip_changed_at;
  const last = changed === null ? 0 : typeof changed === 'string' ? Date.parse(changed) : changed.getTime();
  const remain = Math.ceil((last + RESET_MIN_SECONDS * 1000 - ctx.clock.nowMs()) / 1000);
  if (remain > 0) {
    throw new AppError('RESET_TOO_FAST', { remainTime: remain });
  }
  const [r] = await resetIps(ctx, link.user_id, undefined, [link.proxy_id!]);
  // Its change time moved: the next call must not be let through from the old one.
  cache.forget(siteId, hash);
  return { egressIp: r!.egressIp, nextChangeIn: RESET_MIN_SECONDS };
}

/** GET currentUrl: the proxy's line, or its URL form with the credentials percent-escaped. */
export async function currentByLink(
  ctx: AppContext,
  cache: LinkCache,
  siteId: string,
  token: string,
  ip: string,
  form: 'line' | 'url',
): Promise<string> {
  const { link: l } = await resolve(ctx, cache, siteId, token, ip);
  const p = { host: l.host!, port: l.port!, username: l.username!, password: l.password!, protocol: l.protocol! };
  return form === 'url' ? proxyUrl(p) : `${p.host}:${p.port}:${p.username}:${p.password}`;
}

/** The token is the credential: no session, never cached by a browser or a proxy on the way. */
export function followLinkRoutes(app: RouteApp, opts: RouteOptions, cache: LinkCache): void {
  const p = toolLinkPublicEndpoints;
  route(app, p.changeIp, opts, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    return changeIpByLink(app.ctx, cache, req.site.id, req.params.token, req.ip);
  });
  route(app, p.current, opts, async (req, reply) => {
    const line = await currentByLink(app.ctx, cache, req.site.id, req.params.token, req.ip, req.query.format);
    return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`${line}\n`);
  });
}
