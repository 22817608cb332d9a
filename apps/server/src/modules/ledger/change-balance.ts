import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TLedgerI18n, TransactionType } from '@proxy/contract';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { EVENTS_CHANNEL, notifyEventSql } from '../realtime/index.js';
import { balanceOf } from './queries.js';

export interface BalanceChange {
  userId: string;
  /** Signed coins: positive credits, negative debits. */
  amount: number;
  type: TransactionType;
  /** English, for API clients and search. */
  content: string;
  /** The same as a translation key and parameters, for the web; omitted when content is free text. */
  contentI18n?: TLedgerI18n;
  /** The list price of what was bought; defaults to |amount| for debits and 0 for credits. */
  price?: number;
  refType?: string;
  refId?: string;
  actorId?: string;
  at: Date;
}

/**
 * The guarded balance update, its ledger row and the `balance.changed` NOTIFY in one statement
 * (changeBalance's, in the caller's transaction). No row comes back when the balance would go below
 * zero or the user does not exist.
 */
export async function applyBalanceChange(
  tx: DbOrTx,
  id: string,
  change: BalanceChange,
  price: number,
): Promise<{ balance_after: string | number }[]> {
  const at = change.at.toISOString();
  // One round trip on the hottest path of the product: the guarded update, its ledger row, and the
  // NOTIFY. No row comes back when the balance would go below zero (or the user does not exist).
  return queryRows<{ balance_after: string | number }>(
    tx,
    sql`
    with u as (
      update users set balance = balance + ${change.amount}::bigint, updated_at = ${at}::timestamptz
      where id = ${change.userId}::uuid and balance + ${change.amount}::bigint >= 0
      returning site_id, balance
    ), t as (
      insert into transactions (id, user_id, site_id, type, content, content_i18n, balance_before, price, amount,
                                balance_after, ref_type, ref_id, actor_id, created_at)
      select ${id}::uuid, ${change.userId}::uuid, u.site_id, ${change.type}::text, ${change.content}::text,
             ${change.contentI18n ? JSON.stringify(change.contentI18n) : null}::jsonb,
             u.balance - ${change.amount}::bigint, ${price}::bigint, ${change.amount}::bigint, u.balance,
             ${change.refType ?? null}::text, ${change.refId ?? null}::text, ${change.actorId ?? null}::uuid,
             ${at}::timestamptz
      from u
      returning balance_after
    )
    select balance_after,
           ${notifyEventSql(EVENTS_CHANNEL, change.userId, 'balance.changed', { balance: sql`balance_after` })}
    from t`,
  );
}

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
