import { z } from 'zod';
import { zEchoable, zPage } from './common.js';

/** Alerts and signed webhooks (/api/notify; docs/guide.md#alerts-and-webhooks). */
export const NOTIFY_EVENTS = [
  'proxy.expiring',
  'proxy.expired',
  'proxy.locking',
  'renew.failed',
  'balance.low',
  'topup.success',
  'ip.changed',
] as const;
export const ZNotifyEvent = z.enum(NOTIFY_EVENTS);
export type TNotifyEvent = z.infer<typeof ZNotifyEvent>;
/** Every event but the opt-in ip.changed. */
export const DEFAULT_NOTIFY_EVENTS: TNotifyEvent[] = NOTIFY_EVENTS.filter((e) => e !== 'ip.changed');
export const DEFAULT_LEAD_DAYS = [7, 3, 1];
export const MAX_LEAD_DAY = 30;
export const MAX_WEBHOOK_URL_LENGTH = 2000;

export const ZNotifySettings = z.object({
  email: z.boolean(),
  telegramChatId: z.string().nullable(),
  /** Whether the site has a Telegram bot (else the customer cannot link a chat). */
  telegramAvailable: z.boolean(),
  webhookUrl: z.string().nullable(),
  /** The current signing secret (whsec_…), null until the first rotation or webhook URL. */
  webhookSecret: z.string().nullable(),
  leadDays: z.array(z.number().int()),
  lowBalance: z.number().int().nullable(),
  events: z.array(ZNotifyEvent),
  language: z.enum(['vi', 'en']),
});
export type TNotifySettings = z.infer<typeof ZNotifySettings>;

/** PUT /api/notify/settings: a field left out is kept; the GET's answer is taken back as it is. */
export const ZNotifySettingsUpdate = zEchoable(
  z
    .object({
      email: z.boolean(),
      /** null unlinks the chat; a chat is linked only through the bot (telegram-link): only the linked id comes back. */
      telegramChatId: z.string().max(100).nullable(),
      webhookUrl: z.string().trim().max(MAX_WEBHOOK_URL_LENGTH).nullable(),
      leadDays: z.array(z.number().int().min(1).max(MAX_LEAD_DAY)).max(5),
      lowBalance: z.number().int().min(0).max(1_000_000_000_000).nullable(),
      events: z.array(ZNotifyEvent).max(NOTIFY_EVENTS.length),
      language: z.enum(['vi', 'en']),
    })
    .partial(),
  ['telegramAvailable', 'webhookSecret'],
);
export type TNotifySettingsUpdate = z.infer<typeof ZNotifySettingsUpdate>;

export const ZTelegramLink = z.object({ url: z.string(), code: z.string() });
export const ZWebhookSecret = z.object({ secret: z.string() });

export const ZNotifyDelivery = z.object({
  id: z.string(),
  type: z.string(),
  channel: z.enum(['email', 'telegram', 'webhook']),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type TNotifyDelivery = z.infer<typeof ZNotifyDelivery>;
export const ZNotifyDeliveryPage = zPage(ZNotifyDelivery);

export const ZDeliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** Admin: the site's Telegram bot. */
export const ZTelegramBotSettings = z.object({
  configured: z.boolean(),
  username: z.string().nullable(),
  apiBase: z.string(),
});
/** PUT /api/notify/admin/telegram: without botToken the bot is kept as it is. */
export const ZTelegramBotUpdate = zEchoable(
  z.object({
    /** null removes the bot. */
    botToken: z.string().trim().min(1).max(200).nullable().optional(),
    apiBase: z.string().trim().max(500).optional(),
  }),
  ['configured', 'username'],
);

/** A webhook's body: `{id, type, createdAt, data}`, signed in `X-Signature`. */
export const ZWebhookEvent = z.object({
  id: z.string(),
  type: z.string(),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

/** POST /api/notify/deliveries/:id/retry: a delivery's id. */
export const ZNotifyDeliveryParams = z.object({ id: z.string().min(1).max(100) });
