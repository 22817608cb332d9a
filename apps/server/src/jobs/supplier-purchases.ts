import { emitAlert, kickAlerts } from '../modules/notifications/index.js';
import {
  checkUpstreams,
  noSupplyWork,
  runDuePurchases,
  sendSupplierAlerts,
  type EmitAdminAlert,
} from '../modules/suppliers/index.js';
import type { AppContext } from '../context.js';
import type { Job } from './runner.js';

/** Each admin of the site gets the alert on their own channels, once per event (its key). */
const emitToAdmins =
  (ctx: AppContext): EmitAdminAlert =>
  async (tx, a) => {
    const ids: string[] = [];
    for (const userId of a.adminIds) {
      ids.push(
        ...(await emitAlert(ctx, tx, {
          userId,
          type: 'admin.supplier',
          key: `admin.supplier:${a.eventId}:${userId}`,
          data: a.data,
        })),
      );
    }
    return ids;
  };

/**
 * Upstream purchases still due (modules/suppliers/buy-upstream.ts): an intent whose request ended
 * before delivery, whose supplier did not answer, or whose worker died, is worked again here; so
 * are renewal prolongs cut off mid-call. Serving upstreams are health-checked (a failing one is
 * replaced), then the supplier alerts raised for the admins are sent.
 */
export const supplierPurchasesJob: Job = {
  name: 'supplier-purchases',
  everyMs: 5_000,
  idle: noSupplyWork,
  async run(ctx, signal) {
    await runDuePurchases(ctx, signal);
    await checkUpstreams(ctx, signal);
    await kickAlerts(ctx, await sendSupplierAlerts(ctx, emitToAdmins(ctx)));
  },
};
