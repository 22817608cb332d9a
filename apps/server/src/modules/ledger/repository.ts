import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ZLedgerI18n, type TLedgerI18n, type TransactionType, type TTransaction } from '@proxy/contract';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { transactions, users } from '../../db/schema/index.js';
import { likePattern, offsetOf } from '../../lib/paging.js';
import { EVENTS_CHANNEL, notifyEventSql } from '../realtime/index.js';

export interface TransactionFilter {
  userId?: string;
  siteId?: string;
  /** Only rows of users with these roles (the admin list of a site admin: customers). */
  roles?: number[];
  search: string;
  page: number;
  limit: number;
}

function where(f: TransactionFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.userId) {
    parts.push(eq(transactions.userId, f.userId));
  }
  if (f.siteId) {
    parts.push(eq(transactions.siteId, f.siteId));
  }
  if (f.roles) {
    parts.push(inArray(users.role, f.roles));
  }
  if (f.search) {
    const p = likePattern(f.search);
    // Admins search across users, so the buyer's email counts too.
    parts.push(
      or(ilike(transactions.content, p), ilike(transactions.type, p), ...(f.siteId ? [ilike(users.email, p)] : [])),
    );
  }
  return and(...parts);
}

/** A stored description that this version cannot read is left out rather than failing the whole list. */
function storedI18n(value: unknown) {
  const parsed = ZLedgerI18n.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function listTransactions(
  db: DbOrTx,
  f: TransactionFilter,
): Promise<{ items: (TTransaction & { email?: string })[]; total: number }> {
  const w = where(f);
  const [rows, totals] = await Promise.all([
    db
      .select({ t: transactions, email: users.email })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(w)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(f.limit)
      .offset(offsetOf(f.page, f.limit)),
    db.select({ n: count() }).from(transactions).innerJoin(users, eq(users.id, transactions.userId)).where(w),
  ]);
  return {
    items: rows.map(({ t, email }) => ({
      id: t.id,
      type: t.type,
      content: t.content,
      contentI18n: storedI18n(t.contentI18n),
      balanceBefore: t.balanceBefore,
      price: t.price,
      amount: t.amount,
      balanceAfter: t.balanceAfter,
      createdAt: t.createdAt.toISOString(),
      email,
    })),
    total: totals[0]?.n ?? 0,
  };
}

/** docs/money.md#ledger: users whose balance is not the sum of their ledger amounts. */
export async function findLedgerMismatches(
  db: DbOrTx,
): Promise<{ id: string; email: string; balance: number; sum: number }[]> {
  const rows = await queryRows<{ id: string; email: string; balance: string | number; sum: string | number }>(
    db,
    sql`select u.id, u.email, u.balance, coalesce(sum(t.amount), 0) as sum
        from users u left join transactions t on t.user_id = u.id
        group by u.id, u.email, u.balance having u.balance <> coalesce(sum(t.amount), 0)`,
  );
  return rows.map((r) => ({ id: r.id, email: r.email, balance: Number(r.balance), sum: Number(r.sum) }));
}

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

/** The user's balance, or null when there is no such user. */
export async function balanceOf(tx: DbOrTx, userId: string): Promise<number | null> {
  const rows = await queryRows<{ balance: string | number }>(tx, sql`select balance from users where id = ${userId}`);
  const row = rows[0];
  return row ? Number(row.balance) : null;
}
