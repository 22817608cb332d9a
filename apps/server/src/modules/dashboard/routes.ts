import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import { dashboardSummary } from './service.js';

/** /api/dashboard/… */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, dashboardEndpoints.summary, { preHandler: authenticate, schema: { tags: ['dashboard'] } }, async (req) =>
    dashboardSummary(app.ctx, { userId: req.user.id, siteId: req.site.id }, req.query.tzOffset),
  );
};

export const routes: ModuleRoutes = [{ plugin: dashboardRoutes, prefix: '/dashboard' }];
