import { fillStatsRollup } from '../modules/stats/index.js';
import type { Job } from './runner.js';

/**
 * Keeps the stats_daily rollup of closed days ready for the analytics page. Each day is computed
 * once (a day another instance stored first is kept), so two instances sweeping at once only
 * repeat a read.
 */
export const statsJob: Job = {
  name: 'stats-rollup',
  everyMs: 10 * 60_000,
  async run(ctx, signal) {
    await fillStatsRollup(ctx, signal);
  },
};
