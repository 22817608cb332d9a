import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { decryptSecret, encryptSecret, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { checkOutboundUrl, outboundOf, outboundRequest } from '../../lib/outbound.js';
import {
  findSiteSettings,
  findTelegramSites,
  lockSiteSettings,
  recordSettingChanges,
  writeSiteSettings,
  type Actor,
} from '../site/index.js';
import { emitTelegram } from './events.js';
import { renderAlert } from './messages.js';
import {
  consumeLinkCode,
  findOffset,
  findSettings,
  insertLinkCode,
  saveOffset,
  setTelegramChat,
} from './repository.js';
import { effective } from './settings.js';

/**
 * The site's Telegram bot (the Bot API over HTTPS, base URL a site setting): the admin saves a
 * token (checked with getMe), a customer links a chat by sending `/start <code>` to the bot (the
 * poller reads getUpdates), and alerts go out with sendMessage (senders.ts).
 */
export const DEFAULT_TELEGRAM_API = 'https://api.telegram.org';
const LINK_CODE_TTL_MS = 15 * 60_000;
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

/** Admin: sets (checked with getMe) or removes the site's bot. */
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

export async function getBotSettings(ctx: AppContext, siteId: string) {
  const bot = await findBot(ctx, siteId);
  return { configured: Boolean(bot), username: bot?.username ?? null, apiBase: bot?.apiBase ?? DEFAULT_TELEGRAM_API };
}

/** A one-time code for `/start <code>` (valid 15 minutes) and the bot link that sends it. */
export async function createLinkCode(ctx: AppContext, userId: string, siteId: string) {
  const bot = await findBot(ctx, siteId);
  if (!bot) {
    throw new AppError('TELEGRAM_NOT_CONFIGURED');
  }
  const code = randomBytes(12).toString('hex');
  await insertLinkCode(ctx.db, {
    codeHash: sha256Hex(code),
    userId,
    siteId,
    expiresAt: new Date(ctx.clock.nowMs() + LINK_CODE_TTL_MS),
  });
  return { url: `https://t.me/${bot.username}?start=${code}`, code };
}

interface Update {
  update_id: number;
  message?: { text?: string; chat?: { id: number | string } };
}

/**
 * One update from the bot: `/start <code>` spends the code (once, whatever the concurrency) and
 * links the chat; returns the linked user, or undefined. Anything else is ignored.
 */
export async function handleUpdate(
  ctx: AppContext,
  siteId: string,
  update: Update,
): Promise<{ userId: string; outboxId: string | undefined } | undefined> {
  const text = update.message?.text ?? '';
  const chat = update.message?.chat?.id;
  const m = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/.exec(text);
  if (!m || chat === undefined) {
    return undefined;
  }
  const chatId = String(chat);
  const outboxId = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const userId = await consumeLinkCode(tx, sha256Hex(m[1]!), siteId, now);
    if (!userId) {
      return undefined;
    }
    await setTelegramChat(tx, userId, chatId, now, effective(userId, await findSettings(tx, userId)));
    const lang = (await findSettings(tx, userId))?.language ?? 'vi';
    const t = renderAlert('telegram.linked', {}, lang);
    const id = await emitTelegram(ctx, tx, {
      userId,
      key: `telegram.linked:${m[1]}`,
      chatId,
      type: 'telegram.linked',
      text: t.text,
    });
    return { userId, outboxId: id };
  });
  return outboxId;
}

/**
 * Polls every site's bot once (getUpdates from the stored offset) and handles what came; returns
 * the outbox ids of the confirmations to kick.
 */
export async function pollTelegram(ctx: AppContext, signal?: AbortSignal): Promise<string[]> {
  const queued: string[] = [];
  for (const siteId of await findTelegramSites(ctx.db)) {
    if (signal?.aborted) {
      break;
    }
    const bot = await findBot(ctx, siteId);
    if (!bot) {
      continue;
    }
    const offset = await findOffset(ctx.db, siteId);
    const updates = await callBot<Update[]>(ctx, bot, 'getUpdates', {
      offset,
      timeout: 0,
      allowed_updates: ['message'],
    }).then(
      (r) => r.result,
      (err: unknown) => {
        ctx.log.warn({ err, siteId }, 'telegram getUpdates failed');
        return [] as Update[];
      },
    );
    for (const update of updates) {
      const linked = await handleUpdate(ctx, siteId, update);
      if (linked?.outboxId) {
        queued.push(linked.outboxId);
      }
      await saveOffset(ctx.db, siteId, update.update_id + 1);
    }
  }
  return queued;
}
