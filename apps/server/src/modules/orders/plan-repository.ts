import { and, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { orders, proxies } from '../../db/schema/index.js';

/** The package slot of a user (docs/money.md#packages): which order holds it, and whether a trial was used. */

export interface PlanState {
  usedTrial: boolean;
  plan: {
    id: string;
    code: string;
    packageName: string | null;
    packageNameEng: string | null;
    isTrial: boolean;
    status: string;
  } | null;
}

export async function findPlanState(db: DbOrTx, userId: string): Promise<PlanState> {
  const rows = await db
    .select({
      id: orders.id,
      code: orders.code,
      packageName: orders.packageName,
      packageNameEng: orders.packageNameEng,
      isTrial: orders.isTrial,
      holdsPlan: orders.holdsPlan,
      status: orders.status,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`(${orders.isTrial} or ${orders.holdsPlan})`));
  const held = rows.find((r) => r.holdsPlan);
  return {
    usedTrial: rows.some((r) => r.isTrial),
    plan: held
      ? {
          id: held.id,
          code: held.code,
          packageName: held.packageName,
          packageNameEng: held.packageNameEng,
          isTrial: held.isTrial,
          status: held.status,
        }
      : null,
  };
}

/** The user's trial order while it still holds the package slot, locked (orders before their items). */
export async function lockHeldTrial(tx: Tx, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.holdsPlan, true), eq(orders.isTrial, true)))
    .for('update');
  return row;
}

/**
 * Ends an order's proxies now: locked (their ports and addresses go back to the pool), expiry
 * brought forward to `now`, auto-renew off. Returns the proxies it changed.
 */
export async function endProxiesOfOrder(tx: Tx, orderId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .update(proxies)
    .set({
      status: 'locked',
      lockedAt: now,
      expiresAt: sql`least(${proxies.expiresAt}, ${now.toISOString()}::timestamptz)`,
      autoRenew: false,
      updatedAt: now,
    })
    .where(and(eq(proxies.orderId, orderId), ne(proxies.status, 'locked')))
    .returning({ id: proxies.id });
  return rows.map((r) => r.id);
}

/**
 * Each order's earliest and latest expiry over its live proxies and keys (proxies renewed one by
 * one make them differ; locked ones no longer count).
 */
export async function expiryRanges(db: DbOrTx, orderIds: string[]): Promise<Map<string, ExpiryRange>> {
  const out = new Map<string, ExpiryRange>();
  if (orderIds.length === 0) {
    return out;
  }
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{
    order_id: string;
    first: string | Date;
    last: string | Date;
    any_auto: boolean;
    all_auto: boolean;
  }>(
    db,
    sql`select order_id, min(expires_at) as first, max(expires_at) as last,
          bool_or(auto_renew) as any_auto, bool_and(auto_renew) as all_auto from (
          select order_id, expires_at, auto_renew from proxies
            where order_id in (${ids}) and key_id is null and status <> 'locked'
          union all
          select order_id, expires_at, auto_renew from rotating_keys
            where order_id in (${ids}) and status <> 'locked'
        ) u group by order_id`,
  );
  for (const r of rows) {
    out.set(r.order_id, {
      first: new Date(r.first),
      last: new Date(r.last),
      autoRenewMixed: Boolean(r.any_auto) && !r.all_auto,
    });
  }
  return out;
}

export interface ExpiryRange {
  first: Date;
  last: Date;
  /** Some live items renew themselves and others do not. */
  autoRenewMixed: boolean;
}
