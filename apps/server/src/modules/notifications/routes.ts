import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDeliveriesQuery,
  ZNotifyDeliveryPage,
  ZNotifySettings,
  ZNotifySettingsUpdate,
  ZOk,
  ZTelegramBotSettings,
  ZTelegramBotUpdate,
  ZTelegramLink,
  ZWebhookSecret,
} from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as service from './service.js';
import { getSettings, rotateWebhookSecret, updateSettings } from './settings.js';
import { createLinkCode, getBotSettings, setBot } from './telegram.js';

const ok = { ok: true as const };
const ZIdParams = z.object({ id: z.string().min(1).max(100) });

/** /api/notify/… (README "Alerts and webhooks"): the caller's own alert settings and deliveries. */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notify'];
  app.addHook('preHandler', authenticate);
  app.get('/settings', { schema: { tags, response: { 200: ZNotifySettings } } }, async (req) =>
    getSettings(app.ctx, req.user.id, req.site.id),
  );
  app.put(
    '/settings',
    { schema: { tags, body: ZNotifySettingsUpdate, response: { 200: ZNotifySettings } } },
    async (req) => updateSettings(app.ctx, req.user.id, req.site.id, req.body),
  );
  app.post('/telegram-link', { schema: { tags, response: { 200: ZTelegramLink } } }, async (req) =>
    createLinkCode(app.ctx, req.user.id, req.site.id),
  );
  app.post('/webhook-secret', { schema: { tags, response: { 200: ZWebhookSecret } } }, async (req) => ({
    secret: await rotateWebhookSecret(app.ctx, req.user.id),
  }));
  app.get(
    '/deliveries',
    { schema: { tags, querystring: ZDeliveriesQuery, response: { 200: ZNotifyDeliveryPage } } },
    async (req) => service.listDeliveries(app.ctx, req.user.id, req.query),
  );
  app.post('/deliveries/:id/retry', { schema: { tags, params: ZIdParams, response: { 200: ZOk } } }, async (req) => {
    await service.retryDelivery(app.ctx, req.user.id, req.params.id);
    return ok;
  });
  app.post('/test', { schema: { tags, response: { 200: ZOk } } }, async (req) => {
    await service.sendTestPing(app.ctx, req.user.id);
    return ok;
  });
  app.get(
    '/admin/telegram',
    { preHandler: requireAdmin, schema: { tags, response: { 200: ZTelegramBotSettings } } },
    async (req) => getBotSettings(app.ctx, req.site.id),
  );
  app.put(
    '/admin/telegram',
    { preHandler: requireAdmin, schema: { tags, body: ZTelegramBotUpdate, response: { 200: ZTelegramBotSettings } } },
    async (req) => setBot(app.ctx, req.site.id, req.body, { id: req.user.id, email: req.user.email }),
  );
};
