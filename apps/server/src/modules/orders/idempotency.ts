import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { OrderRow } from './mapper.js';

/** The Idempotency-Key of the purchases (buy-retail, buy-package, buy-keys): keys are per user. */

/** What a purchase asked for, to tell a repeat of it from another request under the same key. */
export type Asked = Partial<
  Pick<OrderRow, 'product' | 'country' | 'quantity' | 'periodUnit' | 'periodValue' | 'packageId' | 'protocol'>
>;

/** A keyed purchase: its key, and the fingerprint of what it asked for (stored on the order). */
export interface Idem {
  key: string;
  request: string;
}

export function idemOf(key: string | undefined, asked: Asked): Idem | undefined {
  if (key === undefined) {
    return undefined;
  }
  const fields = Object.entries(asked)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return { key, request: JSON.stringify(fields) };
}

async function findOrderByIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

/**
 * The first answer to a repeated Idempotency-Key (keys are per user), or null for a new one.
 * Compared with what the first request asked (its stored fingerprint, not the order's columns,
 * which later operations such as increase-amount change), the same key on a different request is
 * IDEMPOTENCY_KEY_REUSED.
 * Purchases look this up before any other check, so a retry still gets its answer after the
 * catalogue or the site's product switches have changed.
 */
export async function repeatOf<T>(
  ctx: AppContext,
  buyer: { id: string },
  idem: Idem | undefined,
  replay: (o: OrderRow) => Promise<T>,
): Promise<{ answer: T } | null> {
  const prior = idem ? await findOrderByIdempotencyKey(ctx.db, buyer.id, idem.key) : undefined;
  if (!prior) {
    return null;
  }
  // Orders keyed before fingerprints were stored are compared field by field with their row.
  const same =
    prior.idempotencyRequest !== null
      ? prior.idempotencyRequest === idem!.request
      : (JSON.parse(idem!.request) as [keyof OrderRow, unknown][]).every(([field, value]) => prior[field] === value);
  if (!same) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', { orderId: prior.id });
  }
  return { answer: await replay(prior) };
}

/**
 * Runs a purchase once per Idempotency-Key: a concurrent repeat may fail on any of the order's
 * unique constraints (the key, one plan per user, one trial), so after any failure the key is
 * looked up again and the first answer given.
 */
export async function oncePerIdempotencyKey<T>(
  ctx: AppContext,
  buyer: { id: string },
  idem: Idem | undefined,
  run: () => Promise<T>,
  replay: (o: OrderRow) => Promise<T>,
) {
  try {
    return await run();
  } catch (err) {
    const repeat = await repeatOf(ctx, buyer, idem, replay);
    if (repeat) {
      return repeat.answer;
    }
    throw err;
  }
}
