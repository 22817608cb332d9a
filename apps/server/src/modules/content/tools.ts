import { isIPv4 } from 'node:net';
import { toolEndpoints, type TDownloads } from '@proxy/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { siteContent } from '../../db/schema/index.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { ensureContent } from './queries.js';

type Db = AppContext['db'];

export async function getDownloads(db: Db, siteId: string): Promise<TDownloads> {
  return { items: (await ensureContent(db, siteId)).downloads };
}

export async function replaceDownloads(db: Db, siteId: string, downloads: TDownloads): Promise<TDownloads> {
  await ensureContent(db, siteId);
  await db
    .update(siteContent)
    .set({ downloads: downloads.items, updatedAt: new Date() })
    .where(eq(siteContent.siteId, siteId));
  return getDownloads(db, siteId);
}

/** /api/tools (beside the proxy checker): downloads and "my IP". */
export function toolRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, toolEndpoints.downloads, opts, async (req) => getDownloads(app.ctx.db, req.site.id));
  route(app, toolEndpoints.adminDownloads, { ...opts, preHandler: [authenticate, requireAdmin] }, async (req) =>
    replaceDownloads(app.ctx.db, req.site.id, req.body),
  );
  // What the server sees of the caller (behind a trusted proxy, the forwarded address).
  route(app, toolEndpoints.myIp, opts, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    const ip = req.ip.startsWith('::ffff:') && isIPv4(req.ip.slice(7)) ? req.ip.slice(7) : req.ip;
    const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
    return { ip, family: isIPv4(ip) ? ('IPv4' as const) : ('IPv6' as const), userAgent };
  });
}
