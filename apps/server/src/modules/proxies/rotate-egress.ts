import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { proxies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { nextEgress, swapEgressHolder } from '../allocation/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import type { ProxyRow } from '../orders/index.js';

/**
 * Gives one proxy a new egress address (the rotation job, a manual reset, a key's get-new-ip), in
 * the caller's transaction.
 */
export async function rotateEgress(
  ctx: AppContext,
  tx: Tx,
  p: ProxyRow,
  product: 'v6' | 'v4' | 'key',
): Promise<ProxyRow> {
  const next = await nextEgress(tx, {
    product,
    country: p.country,
    nodeId: p.nodeId,
    current: p.egressIp,
    currentId: p.egressIpId,
  });
  const now = ctx.clock.now();
  if (!next) {
    // The code is the contract's; the reason tells the customer it is the pool that is empty.
    throw new AppError('NOT_ENOUGT_PROXY', { reason: 'noFreeAddress', product, country: p.country, available: 0 });
  }
  if (next.egressIpId) {
    // Per-address pools: take the new address and give the old one back, in one statement.
    await swapEgressHolder(tx, p.id, next.egressIpId);
  }
  const [row] = await tx
    .update(proxies)
    .set({
      egressIp: next.egressIp,
      egressIpId: next.egressIpId,
      ipChangeStatus: 'changed',
      ipChangedAt: now,
      updatedAt: now,
    })
    .where(eq(proxies.id, p.id))
    .returning();
  await recordProxyChanges(tx, [p.id]);
  return row!;
}
