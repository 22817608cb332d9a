import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statsEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as service from './service.js';

/** /api/stats/admin/… (docs/wire-contract.md#stats): figures of the admin's own site (its Host). */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = statsEndpoints;
  const opts = { schema: { tags: ['stats'] } };
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  route(app, e.totalStats, opts, async (req) => service.totalStats(app.ctx, req.site));
  route(app, e.statsDaily, opts, async (req) => service.statsDaily(app.ctx, req.site, req.query));
  route(app, e.statsBreakdown, opts, async (req) => service.statsBreakdown(app.ctx, req.site, req.query));
  route(app, e.stock, opts, async () => service.stock(app.ctx));
};

export const routes: ModuleRoutes = [{ plugin: statsRoutes, prefix: '/stats' }];
