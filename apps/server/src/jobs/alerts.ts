import { noTelegramBots, runAlerts, runTelegramPoll } from '../modules/notifications/index.js';
import type { Job } from './runner.js';

/** Expiry, lock, shortfall and low-balance alerts (modules/notifications/scan.ts), once per event. */
export const alertsJob: Job = {
  name: 'alerts',
  everyMs: 60_000,
  async run(ctx, signal) {
    await runAlerts(ctx, signal);
  },
};

/** Reads the sites' Telegram bots (getUpdates) for `/start <code>` links. */
export const telegramJob: Job = {
  name: 'telegram',
  everyMs: 3_000,
  idle: noTelegramBots,
  async run(ctx, signal) {
    await runTelegramPoll(ctx, signal);
  },
};
