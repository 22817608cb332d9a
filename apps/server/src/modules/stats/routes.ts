import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStatsBreakdown, ZStatsDaily, ZStatsRangeQuery, ZStock, ZTotalStats } from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as service from './service.js';

/** /api/stats/admin/… (docs/wire-contract.md#stats): figures of the admin's own site (its Host). */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['stats'];
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  app.get('/admin/get-total-stats', { schema: { tags, response: { 200: ZTotalStats } } }, async (req) =>
    service.totalStats(app.ctx, req.site.id),
  );
  app.get(
    '/admin/get-stats-daily',
    { schema: { tags, querystring: ZStatsRangeQuery, response: { 200: ZStatsDaily } } },
    async (req) => service.statsDaily(app.ctx, req.site.id, req.query),
  );
  app.get(
    '/admin/get-stats-breakdown',
    { schema: { tags, querystring: ZStatsRangeQuery, response: { 200: ZStatsBreakdown } } },
    async (req) => service.statsBreakdown(app.ctx, req.site.id, req.query),
  );
  app.get('/admin/stock', { schema: { tags, response: { 200: ZStock } } }, async () => service.stock(app.ctx));
};
