import { and, eq, inArray, sql } from 'drizzle-orm';
import { ROUTE_OWN, supplierAdminEndpoints, type TSupplierRoute } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { supplierRoutes, suppliers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recountRoutedStock } from './sync-supplier.js';

/**
 * GET /api/supplier/admin/routes and PUT /api/supplier/admin/route: who serves a product and
 * country, tried in order ("own" is the site's own nodes). Every supplier named must be one of the
 * site's; a source named twice is refused; an empty list removes the route.
 */

export async function listRoutes(db: DbOrTx, siteId: string): Promise<TSupplierRoute[]> {
  const rows = await db
    .select()
    .from(supplierRoutes)
    .where(eq(supplierRoutes.siteId, siteId))
    .orderBy(supplierRoutes.product, supplierRoutes.country);
  return rows.map((r) => ({ product: r.product, country: r.country, sources: r.sources }));
}

export async function setRoute(ctx: AppContext, siteId: string, body: TSupplierRoute): Promise<TSupplierRoute[]> {
  if (new Set(body.sources).size !== body.sources.length) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'body.sources', message: 'a source is named twice' }] });
  }
  const ids = body.sources.filter((s) => s !== ROUTE_OWN);
  const before = await ctx.db.transaction(async (tx) => {
    if (ids.length > 0) {
      const found = await tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(and(eq(suppliers.siteId, siteId), inArray(suppliers.id, ids)));
      if (found.length !== ids.length) {
        throw new AppError('NOT_FOUND');
      }
    }
    const where = and(
      eq(supplierRoutes.siteId, siteId),
      eq(supplierRoutes.product, body.product),
      eq(supplierRoutes.country, body.country),
    );
    const [old] = await tx.select({ sources: supplierRoutes.sources }).from(supplierRoutes).where(where).for('update');
    if (body.sources.length === 0) {
      await tx.delete(supplierRoutes).where(where);
      return old?.sources ?? [];
    }
    await tx
      .insert(supplierRoutes)
      .values({
        siteId,
        product: body.product,
        country: body.country,
        sources: body.sources,
        updatedAt: ctx.clock.now(),
      })
      .onConflictDoUpdate({
        target: [supplierRoutes.siteId, supplierRoutes.product, supplierRoutes.country],
        set: { sources: sql`excluded.sources`, updatedAt: sql`excluded.updated_at` },
      });
    return old?.sources ?? [];
  });
  await recountRoutedStock(ctx, siteId, body, {
    added: ids.filter((x) => !before.includes(x)),
    removed: before.filter((x) => x !== ROUTE_OWN && !body.sources.includes(x)),
  });
  return listRoutes(ctx.db, siteId);
}

export function routeRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, supplierAdminEndpoints.routes, opts, async (req) => listRoutes(app.ctx.db, req.site.id));
  route(app, supplierAdminEndpoints.setRoute, opts, async (req) => setRoute(app.ctx, req.site.id, req.body));
}
