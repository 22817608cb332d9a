import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { listPromotionsRoute } from './list-promotions.js';
import { promotionStatsRoute } from './promotion-stats.js';
import { runningPromotionRoute } from './running-promotion.js';
import { savePromotionRoutes } from './save-promotion.js';

/** /api/promotion/… (docs/wire-contract.md#promotions). Admin calls act on the admin's own site (its Host). */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['promotion'] } };
  const admin = { ...opts, preHandler: [authenticate, requireAdmin] };
  runningPromotionRoute(app, opts);
  savePromotionRoutes(app, admin);
  listPromotionsRoute(app, admin);
  promotionStatsRoute(app, admin);
};

export const routes: ModuleRoutes = [{ plugin: promotionRoutes, prefix: '/promotion' }];
