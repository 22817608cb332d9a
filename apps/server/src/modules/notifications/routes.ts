import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { deliveriesRoutes } from './deliveries.js';
import { telegramLinkRoute } from './link-telegram.js';
import { settingsRoutes, webhookSecretRoute } from './notify-settings.js';
import { telegramBotRoutes } from './telegram.js';
import { testPingRoute } from './test-ping.js';

/** /api/notify/… (docs/guide.md#alerts-and-webhooks): the caller's own alert settings and deliveries. */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['notify'] } };
  const admin = { ...opts, preHandler: requireAdmin };
  app.addHook('preHandler', authenticate);
  settingsRoutes(app, opts);
  telegramLinkRoute(app, opts);
  webhookSecretRoute(app, opts);
  deliveriesRoutes(app, opts);
  testPingRoute(app, opts);
  telegramBotRoutes(app, admin);
};

export const routes: ModuleRoutes = [{ plugin: notifyRoutes, prefix: '/notify' }];
