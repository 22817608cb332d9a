import { supplierAdminEndpoints } from '@proxy/contract';
import { route, type RouteApp } from '../../lib/route.js';
import { supplierViews } from './queries.js';

/** GET /api/supplier/admin/list: the site's suppliers with balance, stock, spend and recent events. */
export function listSuppliersRoute(app: RouteApp, opts: object): void {
  route(app, supplierAdminEndpoints.list, opts, async (req) => supplierViews(app.ctx.db, req.site.id));
}
