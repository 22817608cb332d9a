/**
 * Suppliers (docs/suppliers.md): upstream providers a site resells on its own
 * gateway — Proxy6 bought on demand, a Webshare pool, a pasted list. Admin calls, routes per
 * product and country, the purchase intent that buys upstream after the customer paid (exactly
 * once, refunded once when no source delivers), renewals upstream first, health replacement, and
 * margin. Other modules reach it only through this file.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { addLinesRoute } from './add-lines.js';
import { createSupplierRoute } from './create-supplier.js';
import { deleteSupplierRoute } from './delete-supplier.js';
import { listSuppliersRoute } from './list-suppliers.js';
import { marginRoute } from './margin.js';
import { routeRoutes } from './set-route.js';
import { syncSupplierRoute } from './sync-supplier.js';
import { updateSupplierRoute } from './update-supplier.js';

/** /api/supplier/admin/*: the site's admins (the owner too); never an API key. */
export const supplierAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['supplier'] } };
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  listSuppliersRoute(app, opts);
  createSupplierRoute(app, opts);
  updateSupplierRoute(app, opts);
  addLinesRoute(app, opts);
  syncSupplierRoute(app, opts);
  deleteSupplierRoute(app, opts);
  routeRoutes(app, opts);
};

/** GET /api/stats/admin/margin, registered under /api/stats/admin. */
export const marginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  marginRoute(app, { schema: { tags: ['stats'] } });
};

export { bindUpstreams, planSupply, recordIntent } from './plan-supply.js';
export { processPurchase } from './buy-upstream.js';
export { awaitDelivery, runDuePurchases } from './run-purchases.js';
export type { SupplyPlan } from './plan-supply.js';
export { routedStock } from './routed-stock.js';
export { checkUpstreams } from './health.js';
export { sendSupplierAlerts, type EmitAdminAlert, type SupplierAlert } from './admin-alerts.js';
export { prolongUpstreams, upstreamFirst } from './renew-upstream.js';
export { reconcileRenewals } from './reconcile-renewals.js';
