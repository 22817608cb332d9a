/**
 * Alerts and signed webhooks (docs/guide.md#alerts-and-webhooks): `notify-settings.ts` the
 * customer's choices (the webhook secret sealed with `APP_SECRET`), `scan.ts` the alert sweep (with
 * `account-alerts.ts`), `events.ts` `emitAlert` (one outbox row per channel under a dedupe key, in
 * the caller's transaction), `senders.ts` the outbox senders of webhooks and Telegram messages,
 * `telegram.ts` the site's bot and `link-telegram.ts` linking a chat with a one-time code (polling
 * `getUpdates`).
 */
export { kickAlerts, notificationSenders, notify, signature } from './senders.js';
export { runAlerts } from './scan.js';
export { noTelegramBots, runTelegramPoll } from './link-telegram.js';
export { emitAlert, purgeFired as purgeNotifications, type Alert } from './events.js';
