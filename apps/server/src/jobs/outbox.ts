import { notificationSenders } from '../modules/notifications/index.js';
import { deliverOutbox } from '../modules/outbox/index.js';
import type { Job } from './runner.js';

/** Sends what the writers' kicks left in the outbox (mails, alerts' Telegram messages and webhooks): failed attempts when due, rows of a crashed kick. */
export const outboxJob: Job = {
  name: 'outbox',
  everyMs: 15_000,
  async run(ctx, signal) {
    await deliverOutbox(ctx, { signal, senders: notificationSenders });
  },
};
