import { randomBytes } from 'node:crypto';
import {
  DEFAULT_LEAD_DAYS,
  DEFAULT_NOTIFY_EVENTS,
  type TNotifyEvent,
  type TNotifySettings,
  type TNotifySettingsUpdate,
} from '@proxy/contract';
import { AppError } from '../../lib/errors.js';
import type { AppContext } from '../../context.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { checkOutboundUrl, outboundOf } from '../../lib/outbound.js';
import { findSiteSettings } from '../site/index.js';
import { findSettings, upsertSettings, type SettingsRow } from './repository.js';

/** A customer's settings with the defaults filled in (no row yet: email on, 7/3/1 days…). */
export type Effective = Omit<SettingsRow, 'updatedAt'>;

export function effective(userId: string, row: SettingsRow | undefined): Effective {
  if (row) {
    return row;
  }
  return {
    userId,
    email: true,
    telegramChatId: null,
    webhookUrl: null,
    webhookSecret: null,
    previousSecret: null,
    secretRotatedAt: null,
    leadDays: [...DEFAULT_LEAD_DAYS],
    lowBalance: null,
    lowAlertedAt: null,
    lowAlerts: 0,
    events: [...DEFAULT_NOTIFY_EVENTS],
    language: 'vi',
  };
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

function toWire(ctx: AppContext, s: Effective, telegramAvailable: boolean): TNotifySettings {
  return {
    email: s.email,
    telegramChatId: s.telegramChatId,
    telegramAvailable,
    webhookUrl: s.webhookUrl,
    webhookSecret: s.webhookSecret ? decryptSecret(ctx.keys.secrets, s.webhookSecret) : null,
    leadDays: s.leadDays,
    lowBalance: s.lowBalance,
    events: s.events as TNotifyEvent[],
    language: s.language,
  };
}

async function hasBot(ctx: AppContext, siteId: string): Promise<boolean> {
  return Boolean((await findSiteSettings(ctx.db, siteId))?.telegram?.botToken);
}

export async function getSettings(ctx: AppContext, userId: string, siteId: string): Promise<TNotifySettings> {
  const s = effective(userId, await findSettings(ctx.db, userId));
  return toWire(ctx, s, await hasBot(ctx, siteId));
}

/** Saves a partial update; a webhook URL is checked (public http(s)) and gets a secret on first use. */
export async function updateSettings(
  ctx: AppContext,
  userId: string,
  siteId: string,
  patch: TNotifySettingsUpdate,
): Promise<TNotifySettings> {
  const url = patch.webhookUrl === '' ? null : patch.webhookUrl;
  if (url) {
    await checkOutboundUrl(outboundOf(ctx.config), url, 'webhookUrl');
  }
  const current = effective(userId, await findSettings(ctx.db, userId));
  if (typeof patch.telegramChatId === 'string' && patch.telegramChatId !== current.telegramChatId) {
    // A chat is linked only through the bot; the linked one's id may come back as the GET gave it.
    throw new AppError('VALIDATION_ERROR', { field: 'telegramChatId' });
  }
  const next: Effective = {
    ...current,
    ...(patch.email !== undefined && { email: patch.email }),
    ...(patch.telegramChatId === null && { telegramChatId: null }),
    ...(url !== undefined && { webhookUrl: url }),
    ...(patch.leadDays && { leadDays: [...new Set(patch.leadDays)].sort((a, b) => b - a) }),
    ...(patch.lowBalance !== undefined && { lowBalance: patch.lowBalance }),
    ...(patch.events && { events: [...new Set(patch.events)] }),
    ...(patch.language && { language: patch.language }),
  };
  if (next.lowBalance !== current.lowBalance) {
    // A new threshold is judged afresh.
    next.lowAlertedAt = null;
  }
  if (next.webhookUrl && !next.webhookSecret) {
    next.webhookSecret = encryptSecret(ctx.keys.secrets, newWebhookSecret());
  }
  await upsertSettings(ctx.db, { ...next, updatedAt: ctx.clock.now() });
  return toWire(ctx, next, await hasBot(ctx, siteId));
}

/** A new signing secret; the previous one keeps signing (a second v1) for 24 hours. */
export async function rotateWebhookSecret(ctx: AppContext, userId: string): Promise<string> {
  const current = effective(userId, await findSettings(ctx.db, userId));
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  await upsertSettings(ctx.db, {
    ...current,
    webhookSecret: encryptSecret(ctx.keys.secrets, secret),
    previousSecret: current.webhookSecret,
    secretRotatedAt: now,
    updatedAt: now,
  });
  return secret;
}
