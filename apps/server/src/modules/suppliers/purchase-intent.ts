import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type Tx } from '../../db/client.js';
import { supplierPurchases } from '../../db/schema/index.js';
import { changeBalance } from '../ledger/index.js';
import { publish } from '../realtime/index.js';
import { findSupplierById, recordSupplierEvent, supplierLeaseMs } from './queries.js';

/**
 * A purchase intent's row and its order, as the intent worker (buy-upstream.ts) reads and ends
 * them: the order is locked for every change, and only a waiting order is refunded.
 */

export type Intent = typeof supplierPurchases.$inferSelect;

export async function setIntent(db: AppContext['db'] | Tx, id: string, values: Partial<Intent>): Promise<void> {
  await db
    .update(supplierPurchases)
    .set(values)
    .where(sql`${supplierPurchases.id} = ${id}`);
}

/** Another worker took the intent over: this one stops without writing. */
export class LeaseLost extends Error {}

/** Takes the intent's lease (one worker at a time, across instances), counting an attempt. */
export async function claim(ctx: AppContext, id: string): Promise<Intent | undefined> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(supplierPurchases)
    .set({
      leaseUntil: new Date(now.getTime() + supplierLeaseMs(ctx.config)),
      attempts: sql`${supplierPurchases.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      sql`${supplierPurchases.id} = ${id} and ${supplierPurchases.status} in ('pending', 'bought')
          and (${supplierPurchases.leaseUntil} is null or ${supplierPurchases.leaseUntil} < ${now.toISOString()})`,
    )
    .returning();
  return row;
}

/**
 * Moves the intent's lease a lease ahead if this worker still holds it (the lease it set is still
 * there), in `tx` when given; LeaseLost when another worker took it over.
 */
export async function renewLease(ctx: AppContext, it: Intent, tx?: Tx): Promise<void> {
  const until = new Date(ctx.clock.nowMs() + supplierLeaseMs(ctx.config));
  const held = await queryRows<{ id: string }>(
    tx ?? ctx.db,
    sql`update supplier_purchases set lease_until = ${until.toISOString()}
        where id = ${it.id} and lease_until = ${it.leaseUntil?.toISOString() ?? null} returning id`,
  );
  if (held.length === 0) {
    throw new LeaseLost();
  }
  it.leaseUntil = until;
}

export type OrderRow = {
  id: string;
  code: string;
  user_id: string;
  site_id: string;
  status: string;
  total_price: string | number;
  expires_at: Date | string;
  auto_renew: boolean;
};

export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [o] = await queryRows<OrderRow>(
    tx,
    sql`select id, code, user_id, site_id, status, total_price, expires_at, auto_renew from orders where id = ${id} for update`,
  );
  return o;
}

/** What an intent bought and did not deliver is no pool's stock: it was paid for one order only. */
export async function retireBought(tx: Tx, intentId: string, now: string): Promise<void> {
  await tx.execute(
    sql`update upstream_proxies set status = 'retired', updated_at = ${now}
        where intent_id = ${intentId} and status = 'free'`,
  );
}

/** Refunds the waiting order once and cancels it (PROXY_BUY_FAIL). */
export async function failPurchase(ctx: AppContext, it: Intent, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const o = await lockOrder(tx, it.orderId);
    await setIntent(tx, it.id, { status: 'failed', leaseUntil: null, lastError: reason.slice(0, 500), updatedAt: now });
    await retireBought(tx, it.id, now.toISOString());
    if (o?.status !== 'waiting') {
      return;
    }
    await tx.execute(sql`update orders set status = 'cancelled', updated_at = ${now.toISOString()} where id = ${o.id}`);
    // The admins hear of it once, with the last supplier's own words (alerted after commit).
    const last = [...it.sources].reverse().find((x) => x !== 'own');
    if (last && (await findSupplierById(tx, last))) {
      const words = reason.includes('Error no money') ? `ADMIN_ERROR: out of proxy credits (${reason})` : reason;
      await recordSupplierEvent(
        tx,
        last,
        'error',
        `${o.code}: no source could deliver: ${words}`,
        now,
        'purchase_failed',
      );
    }
    const amount = Number(o.total_price);
    if (amount > 0) {
      await changeBalance(tx, {
        userId: o.user_id,
        amount,
        type: 'refund',
        content: `${o.code}: refund, PROXY_BUY_FAIL`,
        contentI18n: { key: 'orderRefund', params: { code: o.code } },
        refType: 'order',
        refId: o.id,
        at: now,
      });
    }
    await tx.execute(
      sql`insert into order_logs (id, order_id, action, result, note, amount, created_at)
          values (${randomUUID()}, ${o.id}, 'buy', 'fail', 'PROXY_BUY_FAIL', ${amount}, ${now.toISOString()})`,
    );
    await publish(tx, o.user_id, { type: 'order.updated', data: { id: o.id, status: 'cancelled' } });
  });
}
