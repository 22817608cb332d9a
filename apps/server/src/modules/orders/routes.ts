import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buyEndpoints, keyBuyEndpoints, orderEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import { changeCountry, increaseAmount } from './amend.js';
import { buyKeys, buyPackage, buyRetailRoute } from './buy.js';
import { increaseBandwidth, renewOrders, setOrderAutoRenew } from './renew.js';
import * as orders from './service.js';
import { orderAdminRoutes } from './admin-routes.js';

const ok = { ok: true as const };

const buyer = (req: { user: { id: string }; site: { id: string } }) => ({ id: req.user.id, siteId: req.site.id });

/** POST buy-retail and buy-package under /api/v6-proxy and /api/v4-proxy. */
export function buyRoutes(product: 'v6' | 'v4'): FastifyPluginAsyncZod {
  return async (app) => {
    const e = buyEndpoints(product);
    const opts = { preHandler: authenticate, schema: { tags: [`${product}-proxy`] } };
    buyRetailRoute(app, product, opts);
    route(app, e.buyPackage, opts, async (req) =>
      buyPackage(app.ctx, buyer(req), product, req.params.id, req.body, req.headers['idempotency-key']),
    );
  };
}

export const keyBuyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, keyBuyEndpoints.buyKeyPackage, { preHandler: authenticate, schema: { tags: ['key'] } }, async (req) =>
    buyKeys(app.ctx, buyer(req), req.params.id, req.body, req.headers['idempotency-key']),
  );
};

/** /api/order/… */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['order'] } };
  const e = orderEndpoints;
  app.addHook('preHandler', authenticate);

  route(app, e.listOrder, opts, async (req) => {
    const { page, limit } = req.query;
    const r = await orders.listOwnOrders(app.ctx, req.user.id, req.query);
    return toPage(r.items, r.total, page, limit);
  });

  route(app, e.adminListOrder, { ...opts, preHandler: requireAdmin }, async (req) => {
    const { page, limit } = req.query;
    const r = await orders.listSiteOrders(app.ctx, req.site.id, req.query);
    return toPage(r.items, r.total, page, limit);
  });

  route(app, e.billOrder, opts, async (req) => orders.orderBill(app.ctx, req.user.id, req.query.orderId));

  route(app, e.packageStatus, opts, async (req) => orders.packageStatus(app.ctx, req.user.id));

  route(app, e.detail, opts, async (req) => orders.orderDetail(app.ctx, req.user.id, req.params.id));

  route(app, e.renew, opts, async (req) => {
    await renewOrders(app.ctx, req.user.id, [req.params.id], req.body.period);
    return ok;
  });

  route(app, e.renewListOrder, opts, async (req) => {
    await renewOrders(app.ctx, req.user.id, req.body.listOrderId, req.body.period);
    return ok;
  });

  route(app, e.increaseBandwidth, opts, async (req) =>
    increaseBandwidth(app.ctx, buyer(req), req.params.id, req.body.bandwidth),
  );

  route(app, e.increaseAmount, opts, async (req) =>
    increaseAmount(app.ctx, buyer(req), req.params.id, req.body.amount),
  );

  route(app, e.changeCountry, opts, async (req) => changeCountry(app.ctx, buyer(req), req.params.id, req.body.country));

  route(app, e.autoRenew, opts, async (req) => {
    await setOrderAutoRenew(app.ctx, req.user.id, req.params.id, req.body.autoRenew);
    return ok;
  });
};

export const routes: ModuleRoutes = [
  { plugin: buyRoutes('v6'), prefix: '/v6-proxy' },
  { plugin: buyRoutes('v4'), prefix: '/v4-proxy' },
  { plugin: keyBuyRoutes, prefix: '/key' },
  { plugin: orderRoutes, prefix: '/order' },
  { plugin: orderAdminRoutes, prefix: '/order' },
];
