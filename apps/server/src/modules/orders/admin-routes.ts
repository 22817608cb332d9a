import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminCancelOrderRequest,
  ZAdminCancelOrderResponse,
  ZAdminExtendOrderRequest,
  ZAdminOrder,
  ZAdminOrderUnitsQuery,
  ZAdminUserProxiesQuery,
  ZKey,
  ZOrder,
  ZOrderLog,
  ZProxy,
  zPage,
} from '@proxy/contract';
import { toPage } from '../../lib/paging.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as admin from './admin.js';

const ZIdParams = z.object({ id: z.string().uuid() });

/** /api/order/admin/…: one order of the admin's site, its units and log, extend and cancel. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['order'];
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);

  app.get('/admin/detail/:id', { schema: { tags, params: ZIdParams, response: { 200: ZAdminOrder } } }, async (req) =>
    admin.adminOrderDetail(app.ctx, req.site.id, req.params.id),
  );

  app.get(
    '/admin/bill-order',
    { schema: { tags, querystring: z.object({ orderId: z.string().uuid() }), response: { 200: z.array(ZOrderLog) } } },
    async (req) => admin.adminOrderLog(app.ctx, req.site.id, req.query.orderId),
  );

  app.get(
    '/admin/list-unit',
    {
      schema: {
        tags,
        querystring: ZAdminOrderUnitsQuery,
        response: {
          200: z.object({
            proxies: z.array(ZProxy),
            keys: z.array(ZKey),
            total: z.number().int(),
            page: z.number().int(),
            limit: z.number().int(),
          }),
        },
      },
    },
    async (req) => {
      const { orderId, page, limit } = req.query;
      return { ...(await admin.adminOrderUnits(app.ctx, req.site.id, orderId, page, limit)), page, limit };
    },
  );

  app.get(
    '/admin/list-proxy',
    { schema: { tags, querystring: ZAdminUserProxiesQuery, response: { 200: zPage(ZProxy) } } },
    async (req) => {
      const { userId, page, limit } = req.query;
      const r = await admin.adminUserProxies(app.ctx, req.site.id, userId, page, limit);
      return toPage(r.items, r.total, page, limit);
    },
  );

  app.put(
    '/admin/extend/:id',
    { schema: { tags, params: ZIdParams, body: ZAdminExtendOrderRequest, response: { 200: ZOrder } } },
    async (req) => admin.adminExtendOrder(app.ctx, req.site.id, req.params.id, req.body.period),
  );

  app.put(
    '/admin/cancel/:id',
    {
      schema: { tags, params: ZIdParams, body: ZAdminCancelOrderRequest, response: { 200: ZAdminCancelOrderResponse } },
    },
    async (req) =>
      admin.adminCancelOrder(
        app.ctx,
        { id: req.user.id, role: req.user.role, siteId: req.site.id },
        req.site.id,
        req.params.id,
        req.body.amount,
      ),
  );
};
