import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promotionEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as service from './service.js';

/** /api/promotion/… (docs/wire-contract.md#promotions). Admin calls act on the admin's own site (its Host). */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['promotion'] } };
  const admin = { ...opts, preHandler: [authenticate, requireAdmin] };
  const e = promotionEndpoints;
  route(app, e.get, opts, async (req) => service.runningPromotion(app.ctx, req.site.id));
  // The site info carries the running promotion (kept with the site): a change drops it everywhere.
  route(app, e.add, admin, async (req) => {
    const created = await service.createPromotion(app.ctx, req.site.id, req.body);
    app.sites.invalidate();
    return created;
  });
  route(app, e.update, admin, async (req) => {
    const updated = await service.updatePromotion(app.ctx, req.site.id, req.params.id, req.body);
    app.sites.invalidate();
    return updated;
  });
  route(app, e.list, admin, async (req) => service.listPromotions(app.ctx, req.site.id, req.query));
  route(app, e.stats, admin, async (req) => service.promotionStats(app.ctx, req.site.id, req.query));
};

export const routes: ModuleRoutes = [{ plugin: promotionRoutes, prefix: '/promotion' }];
