import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBuyKeyPackageRequest,
  ZBuyKeyResponse,
  ZBuyPackageRequest,
  ZBuyResponse,
  ZBuyRetailRequest,
  ZChangeCountryRequest,
  ZChangeCountryResponse,
  ZIncreaseAmountRequest,
  ZIncreaseAmountResponse,
  ZIncreaseBandwidthRequest,
  ZOk,
  ZAdminOrder,
  ZAdminOrderListQuery,
  ZOrder,
  ZOrderListQuery,
  ZOrderLog,
  ZPackageStatus,
  ZRenewListOrderRequest,
  ZRenewOrderRequest,
  ZUpdateOrderAutoRenewRequest,
  zPage,
} from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import { changeCountry, increaseAmount } from './amend.js';
import { buyKeys, buyPackage, buyRetail } from './buy.js';
import { increaseBandwidth, renewOrders, setOrderAutoRenew } from './renew.js';
import * as orders from './service.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const ZIdempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });
const ok = { ok: true as const };

const buyer = (req: { user: { id: string }; site: { id: string } }) => ({ id: req.user.id, siteId: req.site.id });

/** POST buy-retail and buy-package under /api/v6-proxy and /api/v4-proxy. */
export function buyRoutes(product: 'v6' | 'v4'): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [`${product}-proxy`];
    app.post(
      '/buy-retail',
      {
        preHandler: authenticate,
        schema: { tags, headers: ZIdempotencyHeaders, body: ZBuyRetailRequest, response: { 200: ZBuyResponse } },
      },
      async (req) => buyRetail(app.ctx, buyer(req), product, req.body, req.headers['idempotency-key']),
    );
    app.post(
      '/buy-package/:id',
      {
        preHandler: authenticate,
        schema: {
          tags,
          params: ZIdParams,
          headers: ZIdempotencyHeaders,
          body: ZBuyPackageRequest,
          response: { 200: ZBuyResponse },
        },
      },
      async (req) => buyPackage(app.ctx, buyer(req), product, req.params.id, req.body, req.headers['idempotency-key']),
    );
  };
}

export const keyBuyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/buy-key-package/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: ['key'],
        params: ZIdParams,
        headers: ZIdempotencyHeaders,
        body: ZBuyKeyPackageRequest,
        response: { 200: ZBuyKeyResponse },
      },
    },
    async (req) => buyKeys(app.ctx, buyer(req), req.params.id, req.body, req.headers['idempotency-key']),
  );
};

/** /api/order/… */
// eslint-disable-next-line max-lines-per-function -- route table: one short handler per endpoint of this prefix
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['order'];
  app.addHook('preHandler', authenticate);

  app.get(
    '/list-order',
    { schema: { tags, querystring: ZOrderListQuery, response: { 200: zPage(ZOrder) } } },
    async (req) => {
      const { page, limit } = req.query;
      const r = await orders.listOwnOrders(app.ctx, req.user.id, req.query);
      return toPage(r.items, r.total, page, limit);
    },
  );

  app.get(
    '/admin/list-order',
    {
      preHandler: requireAdmin,
      schema: { tags, querystring: ZAdminOrderListQuery, response: { 200: zPage(ZAdminOrder) } },
    },
    async (req) => {
      const { page, limit } = req.query;
      const r = await orders.listSiteOrders(app.ctx, req.site.id, req.query);
      return toPage(r.items, r.total, page, limit);
    },
  );

  app.get(
    '/bill-order',
    { schema: { tags, querystring: z.object({ orderId: z.string().uuid() }), response: { 200: z.array(ZOrderLog) } } },
    async (req) => orders.orderBill(app.ctx, req.user.id, req.query.orderId),
  );

  app.get('/package-status', { schema: { tags, response: { 200: ZPackageStatus } } }, async (req) =>
    orders.packageStatus(app.ctx, req.user.id),
  );

  app.get('/detail/:id', { schema: { tags, params: ZIdParams, response: { 200: ZOrder } } }, async (req) => {
    return orders.orderDetail(app.ctx, req.user.id, req.params.id);
  });

  app.put(
    '/renew/:id',
    { schema: { tags, params: ZIdParams, body: ZRenewOrderRequest, response: { 200: ZOk } } },
    async (req) => {
      await renewOrders(app.ctx, req.user.id, [req.params.id], req.body.period);
      return ok;
    },
  );

  app.put(
    '/renew-list-order',
    { schema: { tags, body: ZRenewListOrderRequest, response: { 200: ZOk } } },
    async (req) => {
      await renewOrders(app.ctx, req.user.id, req.body.listOrderId, req.body.period);
      return ok;
    },
  );

  app.put(
    '/increase-bandwidth/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZIncreaseBandwidthRequest,
        response: { 200: z.object({ bandwidthGb: z.number().int(), cost: z.number().int() }) },
      },
    },
    async (req) => increaseBandwidth(app.ctx, buyer(req), req.params.id, req.body.bandwidth),
  );

  app.put(
    '/increase-amount/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZIncreaseAmountRequest,
        response: { 200: ZIncreaseAmountResponse },
      },
    },
    async (req) => increaseAmount(app.ctx, buyer(req), req.params.id, req.body.amount),
  );

  app.put(
    '/change-country/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: ZChangeCountryRequest,
        response: { 200: ZChangeCountryResponse },
      },
    },
    async (req) => changeCountry(app.ctx, buyer(req), req.params.id, req.body.country),
  );

  app.put(
    '/auto-renew/:id',
    { schema: { tags, params: ZIdParams, body: ZUpdateOrderAutoRenewRequest, response: { 200: ZOk } } },
    async (req) => {
      await setOrderAutoRenew(app.ctx, req.user.id, req.params.id, req.body.autoRenew);
      return ok;
    },
  );
};
