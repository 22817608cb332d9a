import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderAdminEndpoints } from '@proxy/contract';
import { route } from '../../lib/route.js';
import { toPage } from '../../lib/paging.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as admin from './admin.js';

/** /api/order/admin/…: one order of the admin's site, its items and log, extend and cancel. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['order'] } };
  const e = orderAdminEndpoints;
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);

  route(app, e.detail, opts, async (req) => admin.adminOrderDetail(app.ctx, req.site.id, req.params.id));

  route(app, e.billOrder, opts, async (req) => admin.adminOrderLog(app.ctx, req.site.id, req.query.orderId));

  route(app, e.listItems, opts, async (req) => {
    const { orderId, page, limit } = req.query;
    return { ...(await admin.adminOrderItems(app.ctx, req.site.id, orderId, page, limit)), page, limit };
  });

  route(app, e.listProxy, opts, async (req) => {
    const { userId, page, limit } = req.query;
    const r = await admin.adminUserProxies(app.ctx, req.site.id, userId, page, limit);
    return toPage(r.items, r.total, page, limit);
  });

  route(app, e.extend, opts, async (req) =>
    admin.adminExtendOrder(app.ctx, req.site.id, req.params.id, req.body.period),
  );

  route(app, e.cancel, opts, async (req) =>
    admin.adminCancelOrder(
      app.ctx,
      { id: req.user.id, role: req.user.role, siteId: req.site.id },
      req.site.id,
      req.params.id,
      req.body.amount,
    ),
  );
};
