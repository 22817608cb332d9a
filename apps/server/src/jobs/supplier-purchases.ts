import { runDuePurchases } from '../modules/suppliers/index.js';
import type { Job } from './runner.js';

/**
 * Upstream purchases still due (modules/suppliers/buy-upstream.ts): an intent whose request ended
 * before delivery, whose supplier did not answer, or whose worker died, is worked again here.
 */
export const supplierPurchasesJob: Job = {
  name: 'supplier-purchases',
  everyMs: 5_000,
  run: (ctx, signal) => runDuePurchases(ctx, signal),
};
