import { and, eq, sql } from 'drizzle-orm';
import { toolLinkPublicEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { proxyListLinks } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/crypto.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { toProxy } from '../orders/index.js';
import { renderExport } from './export.js';
import { allProxies, linkMiss } from './queries.js';

/** Counts a fetch and answers the link, in one statement found by the token's hash. */
async function touchListLink(
  db: DbOrTx,
  siteId: string,
  tokenHash: string,
  fetch: { at: Date; ip: string; userAgent: string | null },
): Promise<typeof proxyListLinks.$inferSelect | undefined> {
  const [row] = await db
    .update(proxyListLinks)
    .set({
      fetches: sql`${proxyListLinks.fetches} + 1`,
      lastFetchedAt: fetch.at,
      lastFetchIp: fetch.ip,
      lastUserAgent: fetch.userAgent,
    })
    .where(
      and(
        eq(proxyListLinks.tokenHash, tokenHash),
        eq(proxyListLinks.siteId, siteId),
        // A deactivated account's URLs stop answering, as its sessions and API keys do.
        sql`exists (select 1 from users u where u.id = ${proxyListLinks.userId} and u.active)`,
      ),
    )
    .returning();
  return row;
}

/** GET a list URL: the owner's proxies matching the filter now, as export-all writes them. */
export async function fetchList(
  ctx: AppContext,
  siteId: string,
  token: string,
  fetch: { ip: string; userAgent: string | undefined },
) {
  const link = await touchListLink(ctx.db, siteId, sha256Hex(token), {
    at: ctx.clock.now(),
    ip: fetch.ip,
    userAgent: fetch.userAgent?.slice(0, 300) ?? null,
  });
  if (!link) {
    return linkMiss(ctx, fetch.ip, 'list');
  }
  const rows = await allProxies(ctx.db, {
    userId: link.userId,
    type: link.filter.type,
    status: link.filter.status,
    country: link.filter.country,
    tagId: link.filter.tagId,
    search: '',
  });
  return renderExport(
    rows.map((x) => toProxy(x.p, x.host)),
    link.format,
    link.template ?? undefined,
  );
}

/** The token is the credential: no session, never cached by a browser or a proxy on the way. */
export function fetchListRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, toolLinkPublicEndpoints.list, opts, async (req, reply) => {
    const out = await fetchList(app.ctx, req.site.id, req.params.token, {
      ip: req.ip,
      userAgent: [req.headers['user-agent']].flat()[0],
    });
    return reply.header('cache-control', 'no-store').type(out.contentType).send(out.body);
  });
}
