import { randomBytes } from 'node:crypto';
import { notifyEndpoints } from '@proxy/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notifySettings, telegramLinkCodes, telegramOffsets } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findTelegramSites } from '../site/index.js';
import { emitTelegram } from './events.js';
import { renderAlert } from './messages.js';
import { effective, findSettings } from './queries.js';
import { kickAlerts } from './senders.js';
import { callBot, findBot } from './telegram.js';

/**
 * Linking a customer's chat to the site's bot: a one-time code, sent to the bot as `/start <code>`,
 * which the poller (jobs/alerts.ts) reads with getUpdates.
 */
const LINK_CODE_TTL_MS = 15 * 60_000;

async function insertLinkCode(db: DbOrTx, row: typeof telegramLinkCodes.$inferInsert): Promise<void> {
  await db.insert(telegramLinkCodes).values(row);
}

/** Spends a link code in one conditional statement: only one caller gets the user. */
async function consumeLinkCode(db: DbOrTx, codeHash: string, siteId: string, at: Date): Promise<string | undefined> {
  const rows = await db
    .update(telegramLinkCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(telegramLinkCodes.codeHash, codeHash),
        eq(telegramLinkCodes.siteId, siteId),
        sql`${telegramLinkCodes.usedAt} is null and ${telegramLinkCodes.expiresAt} > ${at.toISOString()}`,
      ),
    )
    .returning({ userId: telegramLinkCodes.userId });
  return rows[0]?.userId;
}

async function setTelegramChat(
  db: DbOrTx,
  userId: string,
  chatId: string | null,
  at: Date,
  defaults: Omit<typeof notifySettings.$inferInsert, 'updatedAt'>,
): Promise<void> {
  await db
    .insert(notifySettings)
    .values({ ...defaults, userId, telegramChatId: chatId, updatedAt: at })
    .onConflictDoUpdate({ target: notifySettings.userId, set: { telegramChatId: chatId, updatedAt: at } });
}

async function findOffset(db: DbOrTx, siteId: string): Promise<number> {
  const rows = await db
    .select({ offset: telegramOffsets.offset })
    .from(telegramOffsets)
    .where(eq(telegramOffsets.siteId, siteId));
  return rows[0]?.offset ?? 0;
}

async function saveOffset(db: DbOrTx, siteId: string, offset: number): Promise<void> {
  await db
    .insert(telegramOffsets)
    .values({ siteId, offset })
    .onConflictDoUpdate({ target: telegramOffsets.siteId, set: { offset } });
}

/** POST /api/notify/telegram-link: a one-time code for `/start <code>` (valid 15 minutes) and the bot link that sends it. */
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
async function pollTelegram(ctx: AppContext, signal?: AbortSignal): Promise<string[]> {
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

/** Whether no site has a bot to poll: the telegram tick then takes no lease. */
export async function noTelegramBots(ctx: AppContext): Promise<boolean> {
  return (await findTelegramSites(ctx.db)).length === 0;
}

/** The poller's run: links what came and delivers the confirmations now. */
export async function runTelegramPoll(ctx: AppContext, signal?: AbortSignal): Promise<void> {
  await kickAlerts(ctx, await pollTelegram(ctx, signal));
}

export function telegramLinkRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, notifyEndpoints.telegramLink, opts, async (req) => createLinkCode(app.ctx, req.user.id, req.site.id));
}
