import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboardSummary, ZDashboardSummaryQuery } from '@proxy/contract';
import { authenticate } from '../../plugins/auth.js';
import { dashboardSummary } from './service.js';

/** /api/dashboard/… */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/summary',
    {
      preHandler: authenticate,
      schema: { tags: ['dashboard'], querystring: ZDashboardSummaryQuery, response: { 200: ZDashboardSummary } },
    },
    async (req) => dashboardSummary(app.ctx, { userId: req.user.id, siteId: req.site.id }, req.query.tzOffset),
  );
};
