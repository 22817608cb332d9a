import { eq } from 'drizzle-orm';
import { supplierAdminEndpoints, type TSupplierUpdateRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { suppliers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { checkOutboundUrl, outboundOf } from '../../lib/outbound.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findSiteSupplier, seal, supplierView } from './queries.js';
import { syncSupplier } from './sync-supplier.js';

/**
 * PUT /api/supplier/admin/update/:id: name, base URL (outbound rule), a new API key (sealed),
 * on/off (`ok` clears an error: the next call tells again), and the safety margin. A new key or base
 * URL is another account, and a supplier switched back on may have changed while off: its balance
 * and stock are asked for again after the update, instead of showing the old account's.
 */
export async function updateSupplier(ctx: AppContext, siteId: string, id: string, body: TSupplierUpdateRequest) {
  const s = await findSiteSupplier(ctx.db, siteId, id);
  if (s.kind === 'list' && (body.baseUrl !== undefined || body.apiKey !== undefined)) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'body.baseUrl', message: 'a list has no API' }] });
  }
  if (body.baseUrl !== undefined) {
    await checkOutboundUrl(outboundOf(ctx.config), body.baseUrl, 'baseUrl');
  }
  await ctx.db
    .update(suppliers)
    .set({
      ...(body.name !== undefined && { name: body.name }),
      ...(body.baseUrl !== undefined && { baseUrl: body.baseUrl }),
      ...(body.apiKey !== undefined && { apiKeySealed: seal(ctx, body.apiKey) }),
      ...(body.status !== undefined && { status: body.status }),
      ...(body.status === 'ok' && { lastError: null }),
      ...(body.safetyMarginHours !== undefined && { safetyMarginHours: body.safetyMarginHours }),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(suppliers.id, s.id));
  const another = body.apiKey !== undefined || body.baseUrl !== undefined || body.status === 'ok';
  if (s.kind !== 'list' && another) {
    return syncSupplier(ctx, siteId, id);
  }
  return supplierView(ctx.db, siteId, id);
}

export function updateSupplierRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, supplierAdminEndpoints.update, opts, async (req) =>
    updateSupplier(app.ctx, req.site.id, req.params.id, req.body),
  );
}
