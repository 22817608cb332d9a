import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notifyFired } from '../../db/schema/index.js';
import { backoff } from '../../lib/backoff.js';
import { enqueueMailOnce, enqueueOnce } from '../outbox/index.js';
import { renderAlert } from './messages.js';
import { effective, findRecipients, findSettings, type Effective } from './queries.js';

/**
 * Emitting an alert: one outbox row per channel the customer chose (email, Telegram, webhook),
 * each under the dedupe key `<event key>:<channel>`, in the caller's transaction. A second emit of
 * the same event (another sweep, another instance, a rerun after a crash) writes nothing. The rows
 * are delivered after commit by whoever kicks them, else by the outbox job.
 */

/** Webhooks: 30 s doubling to 3 h between attempts; the 16th, about 22 h after the first, is the last. */
export const WEBHOOK_MAX_ATTEMPTS = 16;
export function webhookRetryDelayMs(attempts: number): number {
  return backoff(attempts - 1, 30_000, 3 * 3600_000);
}

/** Records an event as raised; false when it was raised before (nothing is written then). */
async function markFired(db: DbOrTx, key: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(notifyFired)
    .values({ key, userId, at })
    .onConflictDoNothing({ target: notifyFired.key })
    .returning({ key: notifyFired.key });
  return rows.length > 0;
}

/** Maintenance: forgets raised events after 120 days (longer than any sweep looks back). */
export async function purgeFired(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(
    sql`delete from notify_fired where at < ${new Date(now.getTime() - 120 * 24 * 3600_000).toISOString()}`,
  );
}

export interface Alert {
  userId: string;
  type: string;
  /** Unique per event (and lead day): e.g. `expiring:<user>:<day>:<lead>`. */
  key: string;
  data: Record<string, unknown>;
}

/** What a webhook row carries: the event exactly as it will be posted (same id on every attempt). */
export interface WebhookPayload {
  type: string;
  event: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

export interface TelegramPayload {
  type: string;
  chatId: string;
  text: string;
}

/**
 * Queues an alert on the customer's channels; returns the new outbox ids (none when the event was
 * queued before or the customer turned it off). `settings` may be passed when already loaded.
 */
export async function emitAlert(
  ctx: Pick<AppContext, 'clock' | 'keys'>,
  db: DbOrTx,
  alert: Alert,
  settings?: Effective,
): Promise<string[]> {
  const s = settings ?? effective(alert.userId, await findSettings(db, alert.userId));
  // Raised once, whether or not the customer wants it now (a later opt-in does not replay it).
  if (!(await markFired(db, alert.key, alert.userId, ctx.clock.now()))) {
    return [];
  }
  // Admin alerts (`admin.*`) are the seller's own business: always on, never to a webhook.
  const adminAlert = alert.type.startsWith('admin.');
  if (alert.type !== 'ping' && !adminAlert && !s.events.includes(alert.type)) {
    return [];
  }
  const [user] = await findRecipients(db, [alert.userId]);
  if (!user) {
    return [];
  }
  // A forced-English site writes to everyone in English, whatever an account chose.
  const text = renderAlert(alert.type, alert.data, user.forceEnglish ? 'en' : s.language);
  const ids: (string | undefined)[] = [];
  const base = { userId: alert.userId };
  if (s.email && alert.type !== 'ping') {
    ids.push(
      await enqueueMailOnce(
        ctx,
        db,
        { to: user.email, ...text },
        { ...base, type: alert.type, dedupeKey: `${alert.key}:email` },
      ),
    );
  }
  if (s.telegramChatId) {
    const payload: TelegramPayload = {
      type: alert.type,
      chatId: s.telegramChatId,
      text: `${text.subject}\n\n${text.text}`,
    };
    ids.push(await enqueueOnce(ctx, db, { kind: 'telegram', ...base, dedupeKey: `${alert.key}:telegram`, payload }));
  }
  if (s.webhookUrl && !adminAlert) {
    const event = {
      id: `evt_${randomUUID()}`,
      type: alert.type,
      createdAt: ctx.clock.now().toISOString(),
      data: alert.data,
    };
    const payload: WebhookPayload = { type: alert.type, event };
    ids.push(
      await enqueueOnce(ctx, db, {
        kind: 'webhook',
        ...base,
        dedupeKey: `${alert.key}:webhook`,
        payload,
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      }),
    );
  }
  return ids.filter((id): id is string => id !== undefined);
}

/** A Telegram message outside the alert rules (the "linked" confirmation). */
export async function emitTelegram(
  ctx: Pick<AppContext, 'clock'>,
  db: DbOrTx,
  m: { userId: string; key: string; chatId: string; type: string; text: string },
): Promise<string | undefined> {
  const payload: TelegramPayload = { type: m.type, chatId: m.chatId, text: m.text };
  return enqueueOnce(ctx, db, { kind: 'telegram', userId: m.userId, dedupeKey: m.key, payload });
}
