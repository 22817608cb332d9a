import { lockOrderIds, refreshOrders } from '../modules/orders/index.js';
import {
  expireDueKeys,
  expireDueProxies,
  findDueItemOrderIds,
  lifecycleDue,
  lockDueKeys,
  lockDueProxies,
  nothingDue,
  releasePlacements,
} from '../modules/allocation/index.js';
import { recordProxyChanges } from '../modules/node-protocol/index.js';
import type { AppContext } from '../context.js';
import type { Job } from './runner.js';

/**
 * using → expired at expires_at; expired → locked after the site's lock period (default 7 days),
 * when the port and the address go back to the pool (Admin → Config, /api/setting/admin/update). Renewing before the lock keeps both.
 */
export async function runLifecycle(ctx: AppContext): Promise<{ expired: number; locked: number }> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const due = lifecycleDue(now);
    // Their orders first, as every path that changes an order and its items (orders/queries.ts
    // lockOrders). With `now` fixed, the due items can only become fewer until they are updated.
    await lockOrderIds(tx, await findDueItemOrderIds(tx, due));
    // Keys before their listeners (proxies), as get-new-ip and renewKeys lock them.
    const expiredKeys = await expireDueKeys(tx, due, now);
    const lockedKeys = await lockDueKeys(tx, due, now);
    // Then the proxies, and nothing here takes a user row.
    const expired = await expireDueProxies(tx, due, now);
    const locked = await lockDueProxies(tx, due, now);
    await releasePlacements(
      tx,
      locked.map((r) => r.id),
    );
    await recordProxyChanges(
      tx,
      [...expired, ...locked].map((r) => r.id),
    );
    const orderIds = [...expired, ...expiredKeys, ...locked, ...lockedKeys]
      .map((r) => r.order_id)
      .filter((x): x is string => x !== null);
    await refreshOrders(tx, orderIds);
    return { expired: expired.length + expiredKeys.length, locked: locked.length + lockedKeys.length };
  });
}

export const lifecycleJob: Job = {
  name: 'lifecycle',
  everyMs: 15_000,
  idle: (ctx) => nothingDue(ctx.db, lifecycleDue(ctx.clock.now().toISOString())),
  async run(ctx) {
    await runLifecycle(ctx);
  },
};
