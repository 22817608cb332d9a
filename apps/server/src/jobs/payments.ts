import { reconcileTopups } from '../modules/payments/index.js';
import type { Job } from './runner.js';

/**
 * The top-up reconciler. It calls providers over HTTP outside any transaction and claims its rows
 * with SKIP LOCKED and a next-check time, so a sweep on another instance (after a lease ran out)
 * never checks a top-up twice at once.
 */
export const paymentsJob: Job = {
  name: 'payments-reconciler',
  everyMs: 30_000,
  async run(ctx) {
    await reconcileTopups(ctx);
  },
};
