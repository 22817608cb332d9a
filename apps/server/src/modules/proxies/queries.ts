import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { proxies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { ProxyRow } from '../orders/index.js';
import { scopeFilter, type ProxyScope } from './repository.js';

/** The statements and rules two or more of the module's use cases share. */

/** The caller's proxies by id, locked for update; throws nothing, the caller checks the count. */
export async function lockProxies(db: DbOrTx, userId: string, ids: string[], type?: ProxyScope) {
  const parts = [inArray(proxies.id, ids), eq(proxies.userId, userId), isNull(proxies.keyId)];
  if (type) {
    parts.push(...scopeFilter(type));
  }
  return db
    .select()
    .from(proxies)
    .where(and(...parts))
    .for('update');
}

/** Locks the caller's proxies; one id that is not theirs refuses the whole batch (docs/wire-contract.md#batches). */
export async function lockOwnedProxies(
  tx: Tx,
  userId: string,
  ids: string[],
  type: ProxyScope | undefined,
): Promise<ProxyRow[]> {
  const unique = [...new Set(ids)];
  const rows = await lockProxies(tx, userId, unique, type);
  if (rows.length !== unique.length) {
    throw new AppError('PROXY_NOT_EXISTS');
  }
  return rows;
}

/**
 * Whole seconds left of a cooldown that starts at the latest of `changedAt` (never changed counts as
 * long ago); zero or less once it is over. The answer is the errors' `remainTime`.
 */
export function cooldownLeft(changedAt: (Date | null)[], cooldownSeconds: number, nowMs: number): number {
  const last = Math.max(0, ...changedAt.map((at) => at?.getTime() ?? 0));
  return Math.ceil((last + cooldownSeconds * 1000 - nowMs) / 1000);
}
