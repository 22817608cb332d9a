import { randomUUID } from 'node:crypto';
import type { TNotifyDelivery } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { offsetOf, toPage } from '../../lib/paging.js';
import { kickOutbox, listUserOutbox, retryUserOutboxRow, type UserOutboxRow } from '../outbox/index.js';
import { emitAlert, type Alert } from './events.js';
import { findSettings } from './repository.js';
import { runAlertSweep } from './scan.js';
import { notificationSenders } from './senders.js';
import { effective } from './settings.js';
import { pollTelegram } from './telegram.js';

/** Delivers just-queued alerts now (after their commit); what fails stays for the outbox job. */
export function kickAlerts(ctx: AppContext, ids: string[]): Promise<void> {
  return kickOutbox(ctx, ids, notificationSenders);
}

/** Queues an alert outside any transaction and kicks it (hooks that run after their own commit). */
export async function notify(ctx: AppContext, alert: Alert): Promise<void> {
  await kickAlerts(ctx, await emitAlert(ctx, ctx.db, alert));
}

/**
 * The alert sweep (jobs/alerts.ts). Its messages are left to the outbox job: a sweep that raised
 * many alerts does not wait on the mail server.
 */
export async function runAlerts(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  return (await runAlertSweep(ctx, signal)).length;
}

export async function runTelegramPoll(ctx: AppContext, signal?: AbortSignal): Promise<void> {
  await kickAlerts(ctx, await pollTelegram(ctx, signal));
}

/** "Send test": a `ping` to the webhook (and the linked chat), delivered before the answer when it can be. */
export async function sendTestPing(ctx: AppContext, userId: string): Promise<void> {
  const s = effective(userId, await findSettings(ctx.db, userId));
  if (!s.webhookUrl) {
    throw new AppError('WEBHOOK_NOT_SET');
  }
  const ids = await emitAlert(
    ctx,
    ctx.db,
    { userId, type: 'ping', key: `ping:${userId}:${randomUUID()}`, data: { message: 'ping' } },
    { ...s, telegramChatId: null },
  );
  await kickAlerts(ctx, ids);
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toDelivery(r: UserOutboxRow): TNotifyDelivery {
  const channel = r.kind === 'mail' ? 'email' : r.kind === 'telegram' ? 'telegram' : 'webhook';
  const status = r.sent_at !== null ? 'delivered' : r.attempts >= r.max_attempts ? 'failed' : 'pending';
  return {
    id: r.id,
    type: r.type ?? 'mail',
    channel,
    status,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastError: r.last_error,
    createdAt: iso(r.created_at)!,
    deliveredAt: iso(r.sent_at),
  };
}

export async function listDeliveries(ctx: AppContext, userId: string, q: { page: number; limit: number }) {
  const rows = await listUserOutbox(ctx.db, userId, { limit: q.limit, offset: offsetOf(q.page, q.limit) });
  return toPage(rows.map(toDelivery), Number(rows[0]?.total ?? 0), q.page, q.limit);
}

/** Another attempt at one of the caller's deliveries, now; 404 for anyone else's. */
export async function retryDelivery(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await retryUserOutboxRow(ctx.db, userId, id, ctx.clock.now()))) {
    throw new AppError('DELIVERY_NOT_EXISTS');
  }
  await kickAlerts(ctx, [id]);
}
