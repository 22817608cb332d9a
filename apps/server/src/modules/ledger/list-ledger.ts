import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { ZLedgerI18n, type TPage, type TTransaction } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { transactions, users } from '../../db/schema/index.js';
import { likePattern, mapPage, pagedSelect } from '../../lib/paging.js';

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

/** A page of ledger rows (a user's own, or a site's for its admin), newest first, and the total. */
export async function listLedger(db: DbOrTx, f: TransactionFilter): Promise<TPage<TTransaction & { email?: string }>> {
  const w = where(f);
  const p = await pagedSelect(
    db
      .select({ t: transactions, email: users.email })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(w)
      .orderBy(desc(transactions.createdAt), desc(transactions.id)),
    db.select({ n: count() }).from(transactions).innerJoin(users, eq(users.id, transactions.userId)).where(w),
    f.page,
    f.limit,
  );
  return mapPage(p, ({ t, email }) => ({
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
  }));
}
