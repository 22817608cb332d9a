import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { topupLogEndpoints } from '@proxy/contract';
import { authenticate } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { billRoutes } from './bill-routes.js';
import { paymentMethodRoutes } from './method-routes.js';
import { listUserTopups } from './service.js';
import { topupRoutes } from './topup-routes.js';
import { perfectMoneyStatusRoutes, webhookRoutes } from './webhook-routes.js';

/** GET /api/log/list-topup: the caller's top-ups. */
const topupLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  route(app, topupLogEndpoints.listTopup, { schema: { tags: ['log'] } }, async (req) => {
    const r = await listUserTopups(app.ctx, req.user.id, req.query);
    return toPage(r.items, r.total, req.query.page, req.query.limit);
  });
};

export const routes: ModuleRoutes = [
  { plugin: topupRoutes, prefix: '/user' },
  { plugin: perfectMoneyStatusRoutes, prefix: '/user' },
  { plugin: billRoutes, prefix: '/bill' },
  { plugin: paymentMethodRoutes, prefix: '/bill' },
  { plugin: topupLogRoutes, prefix: '/log' },
  { plugin: webhookRoutes, prefix: '/webhook' },
];
