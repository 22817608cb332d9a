import { eq, sql } from 'drizzle-orm';
import { executePrepared, queryRows, type Db, type DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** What the user's own pages read with the call (modules/user, the dashboard): the view and the balance. */

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
      // One probe of agencies' unique owner index, as in the session's query (session-user.ts).
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

/** The user's balance on this site (0 when the user is not the site's): the dashboard's figure. */
export async function balanceOnSite(db: DbOrTx, s: { userId: string; siteId: string }): Promise<number> {
  const rows = await queryRows<{ balance: string | number }>(
    db,
    sql`select balance from users where id = ${s.userId} and site_id = ${s.siteId}`,
  );
  return Number(rows[0]?.balance ?? 0);
}
