import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import type { User } from './queries.js';

/** The user behind a request (plugins/auth.ts), read with its session by primary keys. */

/**
 * The user behind a request, with its session's state and, for a session, the agency the user owns
 * (GET /api/user/me's `ownerAgency`; an API-key caller leaves it undefined).
 */
export type AuthUser = User & { sessionRevoked: boolean; ownedAgencyId?: string | null };

function prepareAuthUser(db: Db) {
  return db
    .select({
      user: users,
      revokedAt: sessions.revokedAt,
      // In the same statement, one probe of agencies' unique owner index: user/me needs no second query.
      ownedAgencyId: sql<
        string | null
      >`(select a.id from agencies a where a.owner_id = ${users.id} and a.site_id = ${users.siteId} limit 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, sql.placeholder('uid'))))
    .limit(1)
    .prepare('auth_user');
}
const authUserStatements = new WeakMap<Db, ReturnType<typeof prepareAuthUser>>();

/**
 * The one query behind every authenticated request: the user and its session, by primary keys.
 * A named prepared statement, so neither Drizzle nor PostgreSQL plans it again per request.
 */
export async function findAuthUser(db: Db, userId: string, sessionId: string): Promise<AuthUser | undefined> {
  let stmt = authUserStatements.get(db);
  if (!stmt) {
    stmt = prepareAuthUser(db);
    authUserStatements.set(db, stmt);
  }
  const rows = await stmt.execute({ sid: sessionId, uid: userId });
  const r = rows[0];
  // Object.assign, not a spread: see siteInfo (site/site-info.ts) for what a spread costs here.
  return r
    ? Object.assign(r.user, { sessionRevoked: r.revokedAt !== null, ownedAgencyId: r.ownedAgencyId })
    : undefined;
}

/** Columns of the caller's that a statement reads beside its session: keyed by name, with placeholders. */
export interface SessionStatementPart {
  /** Names everything the columns' text depends on (one prepared statement per shape). */
  shape: string;
  columns: () => Record<string, SQL>;
  /** The placeholders' values; `sid` and `uid` are the session's and taken. */
  values: Record<string, unknown>;
}

function prepareAuthUserWith(db: Db, columns: Record<string, SQL>) {
  // Computed only for a live session of an active user: a refused caller costs no more than findAuthUser.
  const live = sql`${users.active} and ${sessions.revokedAt} is null`;
  const gated = Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`case when ${live} then ${column} end`]),
  );
  const query = db
    .select({ user: users, revokedAt: sessions.revokedAt, extra: gated })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, sql.placeholder('uid'))))
    .limit(1);
  const name = `auth_user_with_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 16)}`;
  return query.prepare(name);
}
const authUserWithStatements = new WeakMap<Db, Map<string, ReturnType<typeof prepareAuthUserWith>>>();

/**
 * findAuthUser and, in the same statement (one round trip), the caller's own columns (a page of
 * its proxies): `extra` holds them, null unless the session is live and the user active. The
 * caller still checks the user exactly as after findAuthUser; the columns may name the user only
 * through the placeholders of `part.values` bound to `userId`.
 */
export async function findAuthUserWith(
  db: Db,
  userId: string,
  sessionId: string,
  part: SessionStatementPart,
): Promise<{ user: AuthUser | undefined; extra: Record<string, unknown> }> {
  let byShape = authUserWithStatements.get(db);
  if (!byShape) {
    byShape = new Map();
    authUserWithStatements.set(db, byShape);
  }
  let stmt = byShape.get(part.shape);
  if (!stmt) {
    stmt = prepareAuthUserWith(db, part.columns());
    byShape.set(part.shape, stmt);
  }
  const rows = await stmt.execute(Object.assign({}, part.values, { sid: sessionId, uid: userId }));
  const r = rows[0];
  if (!r) {
    return { user: undefined, extra: {} };
  }
  return { user: Object.assign(r.user, { sessionRevoked: r.revokedAt !== null }), extra: r.extra };
}
