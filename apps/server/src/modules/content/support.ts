import { supportEndpoints, type TSupportInfo } from '@proxy/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { siteContent } from '../../db/schema/index.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { ensureContent } from './queries.js';

type Db = AppContext['db'];

const NO_SUPPORT: TSupportInfo = { channels: [], hours: '', note: '', noteEng: '', showIcons: false };

export async function getSupport(db: Db, siteId: string): Promise<TSupportInfo> {
  return (await ensureContent(db, siteId)).support ?? NO_SUPPORT;
}

export async function replaceSupport(db: Db, siteId: string, support: TSupportInfo): Promise<TSupportInfo> {
  await ensureContent(db, siteId);
  await db.update(siteContent).set({ support, updatedAt: new Date() }).where(eq(siteContent.siteId, siteId));
  return getSupport(db, siteId);
}

/** /api/support: the site's support channels. */
export function supportRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, supportEndpoints.supportInfo, opts, async (req) => getSupport(app.ctx.db, req.site.id));
  route(app, supportEndpoints.addSupport, { ...opts, preHandler: [authenticate, requireAdmin] }, async (req) =>
    replaceSupport(app.ctx.db, req.site.id, req.body),
  );
}
