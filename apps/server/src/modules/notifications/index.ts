/**
 * Alerts and signed webhooks (docs/guide.md#alerts-and-webhooks): `settings.ts` the customer's
 * choices (the webhook secret sealed with `APP_SECRET`), `scan.ts` the alert sweep, `events.ts`
 * `emitAlert` (one outbox row per channel under a dedupe key, in the caller's transaction),
 * `senders.ts` the outbox senders of webhooks and Telegram messages, `telegram.ts` the bot (linking
 * a chat with a one-time code, polling `getUpdates`).
 */
export { kickAlerts, notify, runAlerts, runTelegramPoll } from './service.js';
export { notificationSenders, signature } from './senders.js';
export { emitAlert, type Alert } from './events.js';
export { purgeFired as purgeNotifications } from './repository.js';
