import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { amendRoutes } from './amend.js';
import { buyKeysRoute } from './buy-keys.js';
import { buyPackageRoute } from './buy-package.js';
import { buyRetailRoute } from './buy-retail.js';
import { cancelOrderRoute } from './cancel-order.js';
import { extendOrderRoute } from './extend-order.js';
import { increaseBandwidthRoute } from './increase-bandwidth.js';
import { listOrdersRoutes } from './list-orders.js';
import { adminOrderDetailRoute, orderDetailRoute } from './order-detail.js';
import { adminOrderItemsRoute } from './order-items.js';
import { adminOrderLogRoute, orderLogRoute } from './order-log.js';
import { packageStatusRoute } from './package-status.js';
import { renewOrdersRoutes } from './renew-orders.js';
import { setAutoRenewRoute } from './set-auto-renew.js';
import { adminUserProxiesRoute } from './user-proxies.js';

/** POST buy-retail and buy-package under /api/v6-proxy and /api/v4-proxy. */
export function buyRoutes(product: 'v6' | 'v4'): FastifyPluginAsyncZod {
  return async (app) => {
    const opts = { preHandler: authenticate, schema: { tags: [`${product}-proxy`] } };
    buyRetailRoute(app, product, opts);
    buyPackageRoute(app, product, opts);
  };
}

export const keyBuyRoutes: FastifyPluginAsyncZod = async (app) => {
  buyKeysRoute(app, { preHandler: authenticate, schema: { tags: ['key'] } });
};

/** /api/order/… */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['order'] } };
  app.addHook('preHandler', authenticate);
  listOrdersRoutes(app, opts);
  orderLogRoute(app, opts);
  packageStatusRoute(app, opts);
  orderDetailRoute(app, opts);
  renewOrdersRoutes(app, opts);
  increaseBandwidthRoute(app, opts);
  amendRoutes(app, opts);
  setAutoRenewRoute(app, opts);
};

/** /api/order/admin/…: one order of the admin's site, its items and log, extend and cancel. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['order'] } };
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  adminOrderDetailRoute(app, opts);
  adminOrderLogRoute(app, opts);
  adminOrderItemsRoute(app, opts);
  adminUserProxiesRoute(app, opts);
  extendOrderRoute(app, opts);
  cancelOrderRoute(app, opts);
};

export const routes: ModuleRoutes = [
  { plugin: buyRoutes('v6'), prefix: '/v6-proxy' },
  { plugin: buyRoutes('v4'), prefix: '/v4-proxy' },
  { plugin: keyBuyRoutes, prefix: '/key' },
  { plugin: orderRoutes, prefix: '/order' },
  { plugin: orderAdminRoutes, prefix: '/order' },
];
