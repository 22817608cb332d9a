import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
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
const supplierAdminRoutes: FastifyPluginAsyncZod = async (app) => {
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
const marginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  marginRoute(app, { schema: { tags: ['stats'] } });
};

export const routes: ModuleRoutes = [
  { plugin: supplierAdminRoutes, prefix: '/supplier/admin' },
  { plugin: marginRoutes, prefix: '/stats/admin' },
];
