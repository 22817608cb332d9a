import { randomBytes } from 'node:crypto';
import { notifyEndpoints, type TNotifyEvent, type TNotifySettings, type TNotifySettingsUpdate } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notifySettings } from '../../db/schema/index.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { checkOutboundUrl, outboundOf } from '../../lib/outbound.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findSiteSettings } from '../site/index.js';
import { effective, findSettings, type Effective } from './queries.js';

/** A customer's alert settings (the webhook secret sealed with `APP_SECRET`). */

function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

async function upsertSettings(db: DbOrTx, row: typeof notifySettings.$inferInsert): Promise<void> {
  const { userId: _userId, ...patch } = row;
  await db.insert(notifySettings).values(row).onConflictDoUpdate({ target: notifySettings.userId, set: patch });
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

/** GET /api/notify/settings. */
export async function getSettings(ctx: AppContext, userId: string, siteId: string): Promise<TNotifySettings> {
  const s = effective(userId, await findSettings(ctx.db, userId));
  return toWire(ctx, s, await hasBot(ctx, siteId));
}

/** PUT /api/notify/settings: saves a partial update; a webhook URL is checked (public http(s)) and gets a secret on first use. */
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

/** POST /api/notify/webhook-secret: a new signing secret; the previous one keeps signing (a second v1) for 24 hours. */
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

export function settingsRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, notifyEndpoints.settings, opts, async (req) => getSettings(app.ctx, req.user.id, req.site.id));
  route(app, notifyEndpoints.updateSettings, opts, async (req) =>
    updateSettings(app.ctx, req.user.id, req.site.id, req.body),
  );
}

export function webhookSecretRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, notifyEndpoints.webhookSecret, opts, async (req) => ({
    secret: await rotateWebhookSecret(app.ctx, req.user.id),
  }));
}
