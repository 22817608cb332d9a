import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import { dashboardSummaryRoute } from './dashboard-summary.js';

/** /api/dashboard/… */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  dashboardSummaryRoute(app, { preHandler: authenticate, schema: { tags: ['dashboard'] } });
};

export const routes: ModuleRoutes = [{ plugin: dashboardRoutes, prefix: '/dashboard' }];
