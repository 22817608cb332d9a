import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { executePrepared, queryRows, type Db, type DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { likePattern, offsetOf } from '../../lib/paging.js';
import type { User } from './repository.js';

/** The account calls' statements on users (modules/user serves them): lists, admin creation, own view. */

/** The columns an admin's edit may set on a user row. */
export type UserPatch = Partial<typeof users.$inferInsert>;

/** One page of a site's users with these roles (newest first), email filtered by `search`, and the total. */
export async function listSiteUsers(
  db: DbOrTx,
  siteId: string,
  roles: number[],
  q: { page: number; limit: number; search: string },
): Promise<{ rows: User[]; total: number }> {
  const parts: SQL[] = [eq(users.siteId, siteId), inArray(users.role, roles)];
  if (q.search) {
    parts.push(ilike(users.email, likePattern(q.search)));
  }
  const w = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(w)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    db.select({ n: count() }).from(users).where(w),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Throws the unique violation (site, email) and the site foreign-key violation to the caller. */
export async function insertAdminUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<User> {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

function prepareOwnView(db: Db) {
  return db
    .select({
      id: users.id,
      siteId: users.siteId,
      email: users.email,
      role: users.role,
      balance: users.balance,
      apiKey: users.apiKey,
      twoFactorEnabled: users.twoFactorEnabled,
      autoRenewPrivate: users.autoRenewPrivate,
      passwordHash: users.passwordHash,
      createdAt: users.createdAt,
      // One probe of agencies' unique owner index, as in the session's query (auth/repository.ts).
      // The outer columns are spelled out: in a one-table select Drizzle writes a column unqualified,
      // and inside the subquery "id" would be the agency's own.
      ownedAgencyId: sql<
        string | null
      >`(select a.id from agencies a where a.owner_id = "users"."id" and a.site_id = "users"."site_id" limit 1)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('uid')))
    .limit(1)
    .prepare('user_own_view');
}

function prepareBalance(db: Db) {
  return db
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, sql.placeholder('uid')))
    .limit(1)
    .prepare('user_balance');
}

const statements = new WeakMap<
  Db,
  { ownView: ReturnType<typeof prepareOwnView>; balance: ReturnType<typeof prepareBalance> }
>();

function statementsOf(db: Db) {
  let found = statements.get(db);
  if (!found) {
    found = { ownView: prepareOwnView(db), balance: prepareBalance(db) };
    statements.set(db, found);
  }
  return found;
}

/**
 * What GET /api/user/me shows, read with the call: the session's user may come from the
 * instance's session cache (auth/session-cache.ts), which never answers the balance.
 */
export function findOwnView(db: Db, userId: string) {
  return executePrepared(statementsOf(db).ownView, { uid: userId }).then((rows) => rows[0]);
}

/** The ledger-backed balance as committed (GET /api/user/get-money). */
export function findBalance(db: Db, userId: string): Promise<number | undefined> {
  return executePrepared(statementsOf(db).balance, { uid: userId }).then((rows) => rows[0]?.balance);
}

/** The user's transfer code: undefined when there is no such user, null while none is drawn. */
export async function findCodeBill(db: DbOrTx, userId: string): Promise<{ code: string | null } | undefined> {
  const rows = await db.select({ code: users.codeBill }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/** Sets the user's transfer code unless one is set; throws the unique violation of a drawn duplicate. */
export async function setCodeBillIfUnset(db: DbOrTx, userId: string, code: string): Promise<void> {
  await db
    .update(users)
    .set({ codeBill: code })
    .where(and(eq(users.id, userId), isNull(users.codeBill)));
}

/** The user's balance on this site (0 when the user is not the site's): the dashboard's figure. */
export async function balanceOnSite(db: DbOrTx, s: { userId: string; siteId: string }): Promise<number> {
  const rows = await queryRows<{ balance: string | number }>(
    db,
    sql`select balance from users where id = ${s.userId} and site_id = ${s.siteId}`,
  );
  return Number(rows[0]?.balance ?? 0);
}
