import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import {
  applyBalanceChange,
  listTransactions,
  balanceOf,
  type BalanceChange,
  type TransactionFilter,
} from './repository.js';

export type { BalanceChange };

export interface BalanceResult {
  transactionId: string;
  balanceBefore: number;
  balanceAfter: number;
}

/**
 * The only way a balance changes (docs/money.md#ledger): a conditional update that never lets the
 * balance go below zero, and one ledger row, in the caller's transaction. It also queues the
 * user's `balance.changed` event, which goes out when (and only if) that transaction commits.
 */
export async function changeBalance(tx: Tx, change: BalanceChange): Promise<BalanceResult> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) {
    throw new Error(`changeBalance: amount must be a non-zero safe integer, got ${change.amount}`);
  }
  const id = randomUUID();
  const price = change.price ?? (change.amount < 0 ? -change.amount : 0);
  const rows = await applyBalanceChange(tx, id, change, price);
  const row = rows[0];
  if (!row) {
    const balance = await balanceOf(tx, change.userId);
    if (balance === null) {
      throw new AppError('USER_NOT_EXISTS');
    }
    // docs/wire-contract.md#errors: what was asked, what there is and what is missing, so the
    // client can offer to top up exactly the difference.
    const cost = -change.amount;
    throw new AppError('NOT_ENOUGH_MONEY', { price: cost, balance, short: Math.max(1, cost - balance) });
  }
  const balanceAfter = Number(row.balance_after);
  return { transactionId: id, balanceBefore: balanceAfter - change.amount, balanceAfter };
}

/** A purchase's charge: a debit of `cost` coins, where `price` defaults to the cost. */
export type Charge = Omit<BalanceChange, 'amount'> & { cost: number };

/**
 * Charges only a positive amount. An admin may set a price of 0: such a charge moves no money, so
 * it writes no ledger row (the order log still records the action) and returns null.
 */
export async function chargeBalance(tx: Tx, { cost, ...change }: Charge): Promise<BalanceResult | null> {
  if (!Number.isSafeInteger(cost) || cost < 0) {
    throw new Error(`chargeBalance: cost must be a non-negative safe integer, got ${cost}`);
  }
  if (cost === 0) {
    return null;
  }
  return changeBalance(tx, { ...change, amount: -cost });
}

/** A page of ledger rows (a user's own, or a site's for its admin), newest first, and the total. */
export function listLedger(db: Db, f: TransactionFilter) {
  return listTransactions(db, f);
}
