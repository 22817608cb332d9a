import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { proxies, rotatingKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import * as repo from '../orders/repository.js';
import { refreshOrders } from '../orders/renew.js';
import { releaseSlots } from '../supply/allocator.js';
import { recordProxyChanges } from '../supply/changes.js';

/** Deletes keys for good: their listeners stop and go back to the pool. No refund. */
export async function deleteKeys(ctx: AppContext, userId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    await repo.lockOrderIds(tx, await repo.orderIdsOf(tx, userId, 'keys', unique));
    const rows = await repo.lockKeys(tx, userId, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    const now = ctx.clock.now();
    const proxyIds = rows.map((k) => k.proxyId).filter((x): x is string => x !== null);
    await tx
      .update(rotatingKeys)
      .set({ status: 'locked', lockedAt: now, proxyId: null, updatedAt: now })
      .where(inArray(rotatingKeys.id, unique));
    if (proxyIds.length) {
      await tx
        .update(proxies)
        .set({ status: 'locked', lockedAt: now, updatedAt: now })
        .where(inArray(proxies.id, proxyIds));
      await releaseSlots(tx, proxyIds);
      await recordProxyChanges(tx, proxyIds);
    }
    await refreshOrders(
      tx,
      rows.map((k) => k.orderId).filter((x): x is string => x !== null),
    );
  });
}
