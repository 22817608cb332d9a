import { notifyEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { checkOutboundUrl, outboundOf, outboundRequest } from '../../lib/outbound.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import {
  findSiteSettings,
  lockSiteSettings,
  recordSettingChanges,
  writeSiteSettings,
  type Actor,
} from '../site/index.js';

/**
 * The site's Telegram bot (the Bot API over HTTPS, base URL a site setting): the admin saves a
 * token (checked with getMe), a customer links a chat by sending `/start <code>` to the bot
 * (link-telegram.ts, whose poller reads getUpdates), and alerts go out with sendMessage (senders.ts).
 */
export const DEFAULT_TELEGRAM_API = 'https://api.telegram.org';
const BOT_TIMEOUT_MS = 5_000;

export interface Bot {
  token: string;
  apiBase: string;
  username: string;
}

export async function findBot(ctx: AppContext, siteId: string): Promise<Bot | undefined> {
  const t = (await findSiteSettings(ctx.db, siteId))?.telegram;
  if (!t?.botToken) {
    return undefined;
  }
  return { token: decryptSecret(ctx.keys.secrets, t.botToken), apiBase: t.apiBase, username: t.username };
}

/** An error of the Bot API: `status` is the HTTP status, for the delivery log. */
export class BotApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** One Bot API method (`POST <base>/bot<token>/<method>` with a JSON body); resolves with `result`. */
export async function callBot<T>(
  ctx: AppContext,
  bot: Pick<Bot, 'token' | 'apiBase'>,
  method: string,
  params: Record<string, unknown>,
): Promise<{ result: T; status: number }> {
  const url = `${bot.apiBase.replace(/\/+$/, '')}/bot${bot.token}/${method}`;
  const res = await outboundRequest(outboundOf(ctx.config), url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
    timeoutMs: BOT_TIMEOUT_MS,
    maxBytes: 1_000_000,
  });
  let body: { ok?: boolean; result?: T; description?: string } = {};
  try {
    body = JSON.parse(res.text) as typeof body;
  } catch {
    // not JSON: judged by the status below
  }
  if (res.status < 200 || res.status >= 300 || body.ok !== true) {
    throw new BotApiError(`Telegram ${method}: ${res.status} ${body.description ?? ''}`.trim(), res.status);
  }
  return { result: body.result as T, status: res.status };
}

/** PUT /api/notify/admin/telegram: sets (checked with getMe) or removes the site's bot. */
export async function setBot(
  ctx: AppContext,
  siteId: string,
  input: { botToken?: string | null; apiBase?: string },
  actor: Actor,
): Promise<{ configured: boolean; username: string | null; apiBase: string }> {
  if (input.botToken === undefined) {
    // The GET's answer sent back: the token is write-only, so without one the bot stays as it is.
    return getBotSettings(ctx, siteId);
  }
  const botToken = input.botToken;
  const apiBase = input.apiBase?.replace(/\/+$/, '') || DEFAULT_TELEGRAM_API;
  // The change is audited like every site setting (docs/wire-contract.md#sites); the token masked.
  const save = (telegram: { botToken: string; apiBase: string; username: string } | null) =>
    ctx.db.transaction(async (tx) => {
      const settings = (await lockSiteSettings(tx, siteId)) ?? {};
      await writeSiteSettings(tx, siteId, { ...settings, telegram });
      await recordSettingChanges(
        tx,
        ctx.clock.now(),
        siteId,
        actor,
        botFields(settings.telegram ?? null),
        botFields(telegram),
        BOT_SECRETS,
      );
    });
  if (botToken === null) {
    await save(null);
    return { configured: false, username: null, apiBase };
  }
  await checkOutboundUrl(outboundOf(ctx.config), apiBase, 'apiBase');
  const me = await callBot<{ username?: string }>(ctx, { token: botToken, apiBase }, 'getMe', {}).catch(
    (err: unknown) => {
      ctx.log.warn({ err }, 'telegram getMe failed');
      throw new AppError('TELEGRAM_ERROR');
    },
  );
  const username = me.result.username ?? '';
  await save({ botToken: encryptSecret(ctx.keys.secrets, botToken), apiBase, username });
  return { configured: true, username, apiBase };
}

const BOT_SECRETS: ReadonlySet<string> = new Set(['telegramBotToken']);

function botFields(bot: { botToken: string; apiBase: string; username: string } | null) {
  return {
    telegramBot: bot?.username ?? null,
    telegramApiBase: bot?.apiBase ?? null,
    telegramBotToken: bot?.botToken ?? null,
  };
}

/** GET /api/notify/admin/telegram: the site's bot, its token never shown. */
export async function getBotSettings(ctx: AppContext, siteId: string) {
  const bot = await findBot(ctx, siteId);
  return { configured: Boolean(bot), username: bot?.username ?? null, apiBase: bot?.apiBase ?? DEFAULT_TELEGRAM_API };
}

/** The admin's calls (requireAdmin in `opts`). */
export function telegramBotRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, notifyEndpoints.adminTelegram, opts, async (req) => getBotSettings(app.ctx, req.site.id));
  route(app, notifyEndpoints.updateAdminTelegram, opts, async (req) =>
    setBot(app.ctx, req.site.id, req.body, { id: req.user.id, email: req.user.email }),
  );
}
