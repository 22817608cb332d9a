import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { decryptSecret } from '../../lib/crypto.js';
import { outboundOf, outboundRequest } from '../../lib/outbound.js';
import { kickOutbox, type ClaimedOutboxRow, type OutboxSenders } from '../outbox/index.js';
import { emitAlert, webhookRetryDelayMs, type Alert, type TelegramPayload, type WebhookPayload } from './events.js';
import { findRecipients, findSettings } from './queries.js';
import { callBot, findBot } from './telegram.js';

/** How long a receiver has to answer a webhook with a 2xx. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** After a rotation, the previous secret signs too for this long. */
export const PREVIOUS_SECRET_MS = 24 * 3600_000;

/** `v1` of a signature: hex HMAC-SHA256 of "<t>.<body>" keyed with the secret. */
export function signature(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

/** An HTTP answer that was not a 2xx, with its status for the delivery log. */
class DeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

async function sendWebhook(ctx: AppContext, row: ClaimedOutboxRow): Promise<number> {
  const { event } = row.payload as WebhookPayload;
  const s = row.userId ? await findSettings(ctx.db, row.userId) : undefined;
  if (!s?.webhookUrl || !s.webhookSecret) {
    throw new DeliveryError('no webhook URL is set', null);
  }
  const body = JSON.stringify(event);
  const t = Math.floor(ctx.clock.nowMs() / 1000);
  const secrets = [decryptSecret(ctx.keys.secrets, s.webhookSecret)];
  if (s.previousSecret && s.secretRotatedAt && ctx.clock.nowMs() - s.secretRotatedAt.getTime() < PREVIOUS_SECRET_MS) {
    secrets.push(decryptSecret(ctx.keys.secrets, s.previousSecret));
  }
  const header = [`t=${t}`, ...secrets.map((k) => `v1=${signature(k, t, body)}`)].join(',');
  // The URL is judged again here, on the address actually connected to (lib/outbound.ts).
  const res = await outboundRequest(outboundOf(ctx.config), s.webhookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'proxy-panel-webhooks/1',
      'x-signature': header,
      'x-event-id': event.id,
      'x-event-type': event.type,
    },
    body,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    maxBytes: 64_000,
  }).catch((err: unknown) => {
    const name = (err as { name?: string }).name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    throw new DeliveryError(
      timedOut ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : err instanceof Error ? err.message : String(err),
      null,
    );
  });
  if (res.status < 200 || res.status >= 300) {
    throw new DeliveryError(`HTTP ${res.status}`, res.status);
  }
  return res.status;
}

async function sendTelegram(ctx: AppContext, row: ClaimedOutboxRow): Promise<number> {
  const p = row.payload as TelegramPayload;
  const [user] = row.userId ? await findRecipients(ctx.db, [row.userId]) : [];
  const bot = user ? await findBot(ctx, user.siteId) : undefined;
  if (!bot) {
    throw new DeliveryError('the site has no Telegram bot', null);
  }
  const res = await callBot(ctx, bot, 'sendMessage', { chat_id: p.chatId, text: p.text });
  return res.status;
}

/** The outbox senders of alerts: every deliverer (the outbox job, a kick) hands these to deliverOutbox. */
export const notificationSenders: OutboxSenders = {
  webhook: { send: sendWebhook, retryDelayMs: webhookRetryDelayMs },
  telegram: { send: sendTelegram },
};

/** Delivers just-queued alerts now (after their commit); what fails stays for the outbox job. */
export function kickAlerts(ctx: AppContext, ids: string[]): Promise<void> {
  return kickOutbox(ctx, ids, notificationSenders);
}

/** Queues an alert outside any transaction and kicks it (hooks that run after their own commit). */
export async function notify(ctx: AppContext, alert: Alert): Promise<void> {
  await kickAlerts(ctx, await emitAlert(ctx, ctx.db, alert));
}
