import { ZOk } from '../schemas/common.js';
import {
  ZDeliveriesQuery,
  ZNotifyDeliveryPage,
  ZNotifyDeliveryParams,
  ZNotifySettings,
  ZNotifySettingsUpdate,
  ZTelegramBotSettings,
  ZTelegramBotUpdate,
  ZTelegramLink,
  ZWebhookSecret,
} from '../schemas/notifications.js';
import { endpoint } from './define.js';

/** /api/notify/… (docs/guide.md#alerts-and-webhooks): the caller's alert settings and deliveries. */
export const notifyEndpoints = {
  settings: endpoint('GET', '/notify/settings', { response: ZNotifySettings }),
  updateSettings: endpoint('PUT', '/notify/settings', {
    body: ZNotifySettingsUpdate,
    response: ZNotifySettings,
    errors: ['OUTBOUND_URL_NOT_ALLOWED'],
  }),
  telegramLink: endpoint('POST', '/notify/telegram-link', {
    response: ZTelegramLink,
    errors: ['TELEGRAM_NOT_CONFIGURED'],
  }),
  webhookSecret: endpoint('POST', '/notify/webhook-secret', { response: ZWebhookSecret }),
  deliveries: endpoint('GET', '/notify/deliveries', { query: ZDeliveriesQuery, response: ZNotifyDeliveryPage }),
  retryDelivery: endpoint('POST', '/notify/deliveries/:id/retry', {
    params: ZNotifyDeliveryParams,
    response: ZOk,
    errors: ['DELIVERY_NOT_EXISTS'],
  }),
  test: endpoint('POST', '/notify/test', { response: ZOk, errors: ['WEBHOOK_NOT_SET'] }),
  adminTelegram: endpoint('GET', '/notify/admin/telegram', { response: ZTelegramBotSettings }),
  updateAdminTelegram: endpoint('PUT', '/notify/admin/telegram', {
    body: ZTelegramBotUpdate,
    response: ZTelegramBotSettings,
    errors: ['TELEGRAM_ERROR', 'OUTBOUND_URL_NOT_ALLOWED'],
  }),
};
