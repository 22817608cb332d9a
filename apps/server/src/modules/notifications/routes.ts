import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifyEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as service from './service.js';
import { getSettings, rotateWebhookSecret, updateSettings } from './settings.js';
import { createLinkCode, getBotSettings, setBot } from './telegram.js';

const ok = { ok: true as const };

/** /api/notify/… (docs/guide.md#alerts-and-webhooks): the caller's own alert settings and deliveries. */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['notify'] } };
  const admin = { ...opts, preHandler: requireAdmin };
  const e = notifyEndpoints;
  app.addHook('preHandler', authenticate);
  route(app, e.settings, opts, async (req) => getSettings(app.ctx, req.user.id, req.site.id));
  route(app, e.updateSettings, opts, async (req) => updateSettings(app.ctx, req.user.id, req.site.id, req.body));
  route(app, e.telegramLink, opts, async (req) => createLinkCode(app.ctx, req.user.id, req.site.id));
  route(app, e.webhookSecret, opts, async (req) => ({ secret: await rotateWebhookSecret(app.ctx, req.user.id) }));
  route(app, e.deliveries, opts, async (req) => service.listDeliveries(app.ctx, req.user.id, req.query));
  route(app, e.retryDelivery, opts, async (req) => {
    await service.retryDelivery(app.ctx, req.user.id, req.params.id);
    return ok;
  });
  route(app, e.test, opts, async (req) => {
    await service.sendTestPing(app.ctx, req.user.id);
    return ok;
  });
  route(app, e.adminTelegram, admin, async (req) => getBotSettings(app.ctx, req.site.id));
  route(app, e.updateAdminTelegram, admin, async (req) =>
    setBot(app.ctx, req.site.id, req.body, { id: req.user.id, email: req.user.email }),
  );
};

export const routes: ModuleRoutes = [{ plugin: notifyRoutes, prefix: '/notify' }];
