import { randomUUID } from 'node:crypto';
import { supplierAdminEndpoints, type TSupplierCreateRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { suppliers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { checkOutboundUrl, outboundOf } from '../../lib/outbound.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { insertLines } from './add-lines.js';
import { seal, supplierView } from './queries.js';
import { syncSupplier } from './sync-supplier.js';

/**
 * POST /api/supplier/admin/create: a proxy6 or webshare account (its API key sealed, then synced
 * once so the answer shows balance and stock; a failing sync leaves it in `error` with the
 * supplier's words), or a pasted list with its first lines.
 */
export async function createSupplier(ctx: AppContext, siteId: string, body: TSupplierCreateRequest) {
  if (body.kind !== 'list' && !body.apiKey) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'body.apiKey', message: 'required for this kind' }] });
  }
  if (body.kind === 'list' && body.lines && (!body.country || !body.protocol || !body.expiresAt)) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: 'body.country', message: 'lines need country, protocol and expiresAt' }],
    });
  }
  if (body.baseUrl !== undefined) {
    if (body.kind === 'list') {
      throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'body.baseUrl', message: 'a list has no API' }] });
    }
    await checkOutboundUrl(outboundOf(ctx.config), body.baseUrl, 'baseUrl');
  }
  const now = ctx.clock.now();
  const id = randomUUID();
  await ctx.db.insert(suppliers).values({
    id,
    siteId,
    kind: body.kind,
    name: body.name,
    baseUrl: body.kind === 'list' ? null : (body.baseUrl ?? null),
    apiKeySealed: body.apiKey && body.kind !== 'list' ? seal(ctx, body.apiKey) : null,
    safetyMarginHours: body.safetyMarginHours ?? 24,
    createdAt: now,
    updatedAt: now,
  });
  if (body.kind === 'list' && body.lines) {
    await insertLines(ctx, id, siteId, {
      lines: body.lines,
      country: body.country!,
      protocol: body.protocol!,
      expiresAt: body.expiresAt!,
      product: body.product,
      cost: body.cost,
    });
  }
  if (body.kind !== 'list') {
    await syncSupplier(ctx, siteId, id);
  }
  return supplierView(ctx.db, siteId, id);
}

export function createSupplierRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, supplierAdminEndpoints.create, opts, async (req) => createSupplier(app.ctx, req.site.id, req.body));
}
