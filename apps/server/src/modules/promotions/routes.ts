import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZListQuery,
  ZPromotion,
  ZPromotionCreateRequest,
  ZPromotionStats,
  ZPromotionStatsQuery,
  ZPromotionUpdateRequest,
  zPage,
} from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as service from './service.js';

const ZIdParams = z.object({ id: z.string().uuid() });

/** /api/promotion/… (docs/wire-contract.md#promotions). Admin calls act on the admin's own site (its Host). */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['promotion'];
  app.get('/get', { schema: { tags, response: { 200: ZPromotion.nullable() } } }, async (req) =>
    service.runningPromotion(app.ctx, req.site.id),
  );
  const admin = { preHandler: [authenticate, requireAdmin] };
  app.post(
    '/add',
    { ...admin, schema: { tags, body: ZPromotionCreateRequest, response: { 200: ZPromotion } } },
    async (req) => service.createPromotion(app.ctx, req.site.id, req.body),
  );
  app.put(
    '/update/:id',
    { ...admin, schema: { tags, params: ZIdParams, body: ZPromotionUpdateRequest, response: { 200: ZPromotion } } },
    async (req) => service.updatePromotion(app.ctx, req.site.id, req.params.id, req.body),
  );
  app.get(
    '/list',
    { ...admin, schema: { tags, querystring: ZListQuery, response: { 200: zPage(ZPromotion) } } },
    async (req) => service.listPromotions(app.ctx, req.site.id, req.query),
  );
  app.get(
    '/stats',
    { ...admin, schema: { tags, querystring: ZPromotionStatsQuery, response: { 200: ZPromotionStats } } },
    async (req) => service.promotionStats(app.ctx, req.site.id, req.query),
  );
};
