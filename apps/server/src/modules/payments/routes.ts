import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { adminTopupRoutes } from './admin-topups.js';
import { createTopupRoutes } from './create-topup.js';
import { getBillRoute } from './get-bill.js';
import { listSiteTopupsRoute, listUserTopupsRoute } from './list-topups.js';
import { perfectMoneyStatusRoutes, webhookRoutes } from './provider-webhook.js';
import { methodSettingsRoutes } from './settings.js';
import { settleTopupRoutes } from './settle-topup.js';

/** /api/user/…: create, complete, check and cancel a top-up (docs/wire-contract.md#top-ups). */
const topupRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['payments'] } };
  app.addHook('preHandler', authenticate);
  createTopupRoutes(app, opts);
  settleTopupRoutes(app, opts);
};

/** /api/bill/…: a customer's bill, and the site's top-ups for its admins (role here, site in every call). */
const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['bill'] } };
  app.addHook('preHandler', authenticate);
  getBillRoute(app, opts);
  const admin = { ...opts, preHandler: requireAdmin };
  listSiteTopupsRoute(app, admin);
  adminTopupRoutes(app, admin);
};

/** /api/bill/admin/…: the site's payment methods and the public URL providers call back. */
const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  methodSettingsRoutes(app, { schema: { tags: ['bill'] }, preHandler: requireAdmin });
};

/** /api/log/…: the caller's top-ups. */
const topupLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  listUserTopupsRoute(app, { schema: { tags: ['log'] } });
};

export const routes: ModuleRoutes = [
  { plugin: topupRoutes, prefix: '/user' },
  { plugin: perfectMoneyStatusRoutes, prefix: '/user' },
  { plugin: billRoutes, prefix: '/bill' },
  { plugin: paymentMethodRoutes, prefix: '/bill' },
  { plugin: topupLogRoutes, prefix: '/log' },
  { plugin: webhookRoutes, prefix: '/webhook' },
];
