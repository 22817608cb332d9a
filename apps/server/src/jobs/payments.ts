import { reconcileTopups } from '../modules/payments/reconciler.js';
import type { Job } from './runner.js';

/**
 * The top-up reconciler. Not exclusive: it calls providers over HTTP, which must not happen inside
 * the runner's transaction (PGlite has one connection); it claims its rows with SKIP LOCKED instead.
 */
export const paymentsJob: Job = {
  name: 'payments-reconciler',
  everyMs: 30_000,
  exclusive: false,
  async run(ctx) {
    await reconcileTopups(ctx);
  },
};
