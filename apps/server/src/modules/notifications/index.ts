/**
 * Alerts and signed webhooks: the customer's choices, the alert sweep, the Telegram bot, and the
 * outbox senders of Telegram messages and webhooks (README "Alerts and webhooks").
 */
export { kickAlerts, notify, runAlerts, runTelegramPoll } from './service.js';
export { notificationSenders, signature } from './senders.js';
export { emitAlert, type Alert } from './events.js';
export { findBalance, purgeFired as purgeNotifications } from './repository.js';
