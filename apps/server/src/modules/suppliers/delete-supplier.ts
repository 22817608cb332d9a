import { and, eq, sql } from 'drizzle-orm';
import { supplierAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { supplierRoutes, suppliers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findSiteSupplier } from './queries.js';

/**
 * DELETE /api/supplier/admin/delete/:id: refused (409 SUPPLIER_IN_USE) while a customer proxy is
 * served through it or a purchase from it is under way; otherwise its pool goes with it and it
 * leaves every route of the site. Past margins keep its name (supplier_charges).
 */
export async function deleteSupplier(ctx: AppContext, siteId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const s = await findSiteSupplier(tx, siteId, id, true);
    const [busy] = await queryRows<{ n: string | number }>(
      tx,
      sql`select (select count(*) from upstream_proxies where supplier_id = ${s.id} and status = 'serving')
               + (select count(*) from supplier_purchases where supplier_id = ${s.id} and status = 'bought') as n`,
    );
    if (Number(busy?.n ?? 0) > 0) {
      throw new AppError('SUPPLIER_IN_USE');
    }
    await tx.execute(
      sql`update supplier_routes set sources = sources - ${s.id}::text, updated_at = ${ctx.clock.now().toISOString()}
          where site_id = ${siteId} and sources ? ${s.id}::text`,
    );
    await tx
      .delete(supplierRoutes)
      .where(and(eq(supplierRoutes.siteId, siteId), sql`jsonb_array_length(${supplierRoutes.sources}) = 0`));
    await tx.delete(suppliers).where(eq(suppliers.id, s.id));
  });
}

export function deleteSupplierRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, supplierAdminEndpoints.delete, opts, async (req) => {
    await deleteSupplier(app.ctx, req.site.id, req.params.id);
    return { ok: true as const };
  });
}
