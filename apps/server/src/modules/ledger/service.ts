import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TransactionType } from '@proxy/contract';
import { queryRows, type Tx } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { publish } from '../realtime/publish.js';

export interface BalanceChange {
  userId: string;
  /** Signed coins: positive credits, negative debits. */
  amount: number;
  type: TransactionType;
  content: string;
  /** The list price of what was bought; defaults to |amount| for debits and 0 for credits. */
  price?: number;
  refType?: string;
  refId?: string;
  actorId?: string;
  at: Date;
}

export interface BalanceResult {
  transactionId: string;
  balanceBefore: number;
  balanceAfter: number;
}

/**
 * The only way a balance changes (DESIGN.md "Money"): a conditional update that never lets the
 * balance go below zero, and one ledger row, in the caller's transaction. It also queues the
 * user's `balance.changed` event, which goes out when (and only if) that transaction commits.
 */
export async function changeBalance(tx: Tx, change: BalanceChange): Promise<BalanceResult> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) {
    throw new Error(`changeBalance: amount must be a non-zero safe integer, got ${change.amount}`);
  }
  const rows = await queryRows<{ balance: string | number; site_id: string }>(
    tx,
    sql`
    update users set balance = balance + ${change.amount}, updated_at = ${change.at.toISOString()}
    where id = ${change.userId} and balance + ${change.amount} >= 0
    returning balance, site_id`,
  );
  const row = rows[0];
  if (!row) {
    const exists = await queryRows(tx, sql`select 1 from users where id = ${change.userId}`);
    throw new AppError(exists.length ? 'NOT_ENOUGH_MONEY' : 'USER_NOT_EXISTS');
  }
  const balanceAfter = Number(row.balance);
  const balanceBefore = balanceAfter - change.amount;
  const id = randomUUID();
  await tx.insert(transactions).values({
    id,
    userId: change.userId,
    siteId: row.site_id,
    type: change.type,
    content: change.content,
    balanceBefore,
    price: change.price ?? (change.amount < 0 ? -change.amount : 0),
    amount: change.amount,
    balanceAfter,
    refType: change.refType ?? null,
    refId: change.refId ?? null,
    actorId: change.actorId ?? null,
    createdAt: change.at,
  });
  await publish(tx, change.userId, 'balance.changed', { balance: balanceAfter });
  return { transactionId: id, balanceBefore, balanceAfter };
}
