import { and, count, desc, eq, ilike } from 'drizzle-orm';
import { supplierAdminEndpoints, type TListQuery, type TPage, type TSupplier } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { suppliers } from '../../db/schema/index.js';
import { likePattern, pagedSelect } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { supplierViews, viewsOf } from './queries.js';

/**
 * One page of the site's suppliers, newest first like the other admin lists (so one just added is
 * on the first page), `search` in the name. The counts, spend and events are read for the page's suppliers only, so a site with many
 * pasted lists costs one page's worth per request.
 */
export async function supplierPage(db: DbOrTx, siteId: string, q: TListQuery): Promise<TPage<TSupplier>> {
  const where = and(eq(suppliers.siteId, siteId), q.search ? ilike(suppliers.name, likePattern(q.search)) : undefined);
  const p = await pagedSelect(
    db.select().from(suppliers).where(where).orderBy(desc(suppliers.createdAt), desc(suppliers.id)),
    db.select({ n: count() }).from(suppliers).where(where),
    q.page,
    q.limit,
  );
  return { ...p, items: await viewsOf(db, p.items) };
}

/**
 * GET /api/supplier/admin/list: the site's suppliers with balance, stock, spend and recent events,
 * all of them; GET /api/supplier/admin/list-page: the same a page at a time.
 */
export function listSuppliersRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, supplierAdminEndpoints.list, opts, async (req) => supplierViews(app.ctx.db, req.site.id));
  route(app, supplierAdminEndpoints.listPage, opts, async (req) => supplierPage(app.ctx.db, req.site.id, req.query));
}
