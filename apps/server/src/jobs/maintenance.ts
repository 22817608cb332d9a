import { purgeExpiredRows } from './repository.js';
import type { Job } from './runner.js';

/** Drops rows whose purpose has passed: rate-limit windows, spent captchas, old codes and tokens. */
export const maintenanceJob: Job = {
  name: 'maintenance',
  everyMs: 10 * 60_000,
  async run(ctx) {
    await purgeExpiredRows(ctx.db, ctx.clock.now());
  },
};
