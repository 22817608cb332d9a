import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { statsBreakdownRoute } from './stats-breakdown.js';
import { statsDailyRoute } from './stats-daily.js';
import { stockRoute } from './stock.js';
import { totalStatsRoute } from './total-stats.js';

/** /api/stats/admin/… (docs/wire-contract.md#stats): figures of the admin's own site (its Host). */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['stats'] } };
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  totalStatsRoute(app, opts);
  statsDailyRoute(app, opts);
  statsBreakdownRoute(app, opts);
  stockRoute(app, opts);
};

export const routes: ModuleRoutes = [{ plugin: statsRoutes, prefix: '/stats' }];
