import { sql } from 'drizzle-orm';
import { LOCK_DAYS } from '@proxy/contract';
import { queryRows } from '../db/client.js';
import { lockOrderIds } from '../modules/orders/repository.js';
import { refreshOrders } from '../modules/orders/renew.js';
import { releaseSlots } from '../modules/supply/allocator.js';
import { recordProxyChanges } from '../modules/supply/changes.js';
import type { AppContext } from '../context.js';
import type { Job } from './runner.js';

/**
 * using → expired at expires_at; expired → locked after the site's lock period (default 7 days),
 * when the port and the address go back to the pool (Admin → Config, /api/setting/admin/update). Renewing before the lock keeps both.
 */
export async function runLifecycle(ctx: AppContext): Promise<{ expired: number; locked: number }> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const expireDue = sql`status = 'using' and expires_at <= ${now}`;
    const lockDue = sql`status = 'expired' and expires_at + make_interval(days => coalesce((select (s.settings->>'lockDays')::int from sites s where s.id = site_id), ${LOCK_DAYS.default})) <= ${now}::timestamptz`;
    // Their orders first, as every path that changes an order and its units (orders/repository
    // lockOrders). With `now` fixed, the due units can only become fewer until they are updated.
    const due = await queryRows<{ order_id: string }>(
      tx,
      sql`select order_id from proxies where order_id is not null and ((${expireDue}) or (${lockDue}))
          union select order_id from rotating_keys where order_id is not null and ((${expireDue}) or (${lockDue}))`,
    );
    await lockOrderIds(
      tx,
      due.map((r) => r.order_id),
    );
    // Keys before their listeners (proxies), as get-new-ip and renewKeys lock them.
    const expiredKeys = await queryRows<{ order_id: string | null }>(
      tx,
      sql`update rotating_keys set status = 'expired', updated_at = ${now}
          where ${expireDue} returning order_id`,
    );
    const lockedKeys = await queryRows<{ order_id: string | null }>(
      tx,
      sql`update rotating_keys set status = 'locked', locked_at = ${now}, updated_at = ${now}
          where ${lockDue} returning order_id`,
    );
    const expired = await queryRows<{ id: string; order_id: string | null }>(
      tx,
      sql`update proxies set status = 'expired', updated_at = ${now}
          where ${expireDue} returning id, order_id`,
    );
    const locked = await queryRows<{ id: string; order_id: string | null }>(
      tx,
      sql`update proxies set status = 'locked', locked_at = ${now}, updated_at = ${now}
          where ${lockDue} returning id, order_id`,
    );
    await releaseSlots(
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
  async run(ctx) {
    await runLifecycle(ctx);
  },
};
