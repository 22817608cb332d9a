import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import type { AuthUser } from './repository.js';

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
