import { rollUpUsage } from '../modules/usage/index.js';
import type { Job } from './runner.js';

/**
 * Rolls proxy traffic minutes into hours and hours into days, and drops minutes and hours past
 * their retention (docs/gateway-protocol.md#usage-history). Every rolled-up bucket is recomputed
 * and overwritten, so a sweep that runs twice (or on two instances) counts nothing twice.
 */
export const usageRollupJob: Job = {
  name: 'usage-rollup',
  everyMs: 5 * 60_000,
  async run(ctx, signal) {
    await rollUpUsage(ctx, signal);
  },
};
