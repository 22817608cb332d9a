import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod, TopupStatus, TPage } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { topups, users } from '../../db/schema/index.js';
import { likePattern, pagedSelect } from '../../lib/paging.js';

export type TopupRow = typeof topups.$inferSelect;

export async function findTopup(db: DbOrTx, id: string): Promise<TopupRow | undefined> {
  const rows = await db.select().from(topups).where(eq(topups.id, id)).limit(1);
  return rows[0];
}

/** A provider's ids are unique per site: each site is paid into its own account. */
export async function findTopupByProviderOrder(
  db: DbOrTx,
  siteId: string,
  method: PaymentMethod,
  providerOrderId: string,
): Promise<TopupRow | undefined> {
  const rows = await db
    .select()
    .from(topups)
    .where(and(eq(topups.siteId, siteId), eq(topups.method, method), eq(topups.providerOrderId, providerOrderId)))
    .limit(1);
  return rows[0];
}

/**
 * The guard of every top-up state change: the row is changed only while it is still in the state
 * (status) it was read in. A change decided on a stale read — an admin's reject while a webhook
 * credits — then changes nothing instead of overwriting the newer state.
 */
export function stillInState(read: Pick<TopupRow, 'id' | 'status'>): SQL {
  return and(eq(topups.id, read.id), eq(topups.status, read.status))!;
}

/** Updates a top-up from the state it was read in; undefined (nothing changed) when it has moved on. */
export async function updateTopupFrom(
  db: DbOrTx,
  read: Pick<TopupRow, 'id' | 'status'>,
  values: Partial<typeof topups.$inferInsert>,
): Promise<TopupRow | undefined> {
  const rows = await db.update(topups).set(values).where(stillInState(read)).returning();
  return rows[0];
}

/** pending → a final state other than success; a no-op (undefined) when it is no longer pending. */
export async function closePendingTopup(
  db: DbOrTx,
  id: string,
  status: Exclude<TopupStatus, 'pending' | 'success'>,
  at: Date,
): Promise<TopupRow | undefined> {
  return updateTopupFrom(db, { id, status: 'pending' }, { status, updatedAt: at });
}

export interface TopupFilter {
  userId?: string;
  siteId?: string;
  status?: TopupStatus;
  method?: PaymentMethod;
  /** Only those waiting for an admin: held, or unmatched (no user). */
  held?: boolean;
  /** Only top-ups of users with these roles, and unmatched ones (the site admin's list: customers). */
  roles?: number[];
  search: string;
  page: number;
  limit: number;
}

export async function listTopups(db: DbOrTx, f: TopupFilter): Promise<TPage<{ t: TopupRow; email: string | null }>> {
  const parts: (SQL | undefined)[] = [];
  if (f.userId) {
    parts.push(eq(topups.userId, f.userId));
  }
  if (f.siteId) {
    parts.push(eq(topups.siteId, f.siteId));
  }
  if (f.status) {
    parts.push(eq(topups.status, f.status));
  }
  if (f.method) {
    parts.push(eq(topups.method, f.method));
  }
  if (f.held !== undefined) {
    const waiting = and(
      or(isNotNull(topups.heldReason), isNull(topups.userId)),
      sql`${topups.status} <> 'success'`,
      sql`${topups.status} <> 'failed'`,
    );
    parts.push(f.held ? waiting : sql`not (${waiting})`);
  }
  if (f.roles) {
    parts.push(or(isNull(topups.userId), inArray(users.role, f.roles)));
  }
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(
      or(
        ilike(topups.content, p),
        ilike(topups.providerOrderId, p),
        ilike(topups.providerTxnId, p),
        ilike(users.email, p),
      ),
    );
  }
  const w = and(...parts);
  return pagedSelect(
    db
      .select({ t: topups, email: users.email })
      .from(topups)
      .leftJoin(users, eq(users.id, topups.userId))
      .where(w)
      .orderBy(desc(topups.createdAt), desc(topups.id)),
    db.select({ n: count() }).from(topups).leftJoin(users, eq(users.id, topups.userId)).where(w),
    f.page,
    f.limit,
  );
}
