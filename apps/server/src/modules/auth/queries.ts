import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ROLE } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { publishSessionsEnded } from '../realtime/index.js';

/** The statements on users, sessions and refresh tokens that several calls share. */

export type User = typeof users.$inferSelect;

/** The columns an update of a user row may set (an admin's edit, a new API key, auto-renew). */
export type UserPatch = Partial<typeof users.$inferInsert>;

export async function findUserById(db: DbOrTx, id: string): Promise<User | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserBySiteEmail(db: DbOrTx, siteId: string, email: string): Promise<User | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, email)))
    .limit(1);
  return rows[0];
}

/**
 * The account matching `match` that may sign in on a site: the site's own, or the owner's (an
 * admin of every site). The owner comes first, so that no account made later on a seller's site
 * with the owner's address can shadow the owner's sign-in there (docs/security.md#admin-addresses).
 */
async function findSiteOrOwnerUser(db: DbOrTx, siteId: string, match: SQL): Promise<User | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(match, or(eq(users.siteId, siteId), eq(users.role, ROLE.OWNER))))
    .orderBy(sql`(${users.role} = ${ROLE.OWNER}) desc`)
    .limit(1);
  return rows[0];
}

/** The account an address signs in to on a site. */
export function findLoginUser(db: DbOrTx, siteId: string, email: string): Promise<User | undefined> {
  return findSiteOrOwnerUser(db, siteId, eq(users.email, email));
}

/** The account a Google subject is linked to on a site. */
export function findGoogleUser(db: DbOrTx, siteId: string, sub: string): Promise<User | undefined> {
  return findSiteOrOwnerUser(db, siteId, eq(users.googleSub, sub));
}

/** Whether an admin of the platform (the owner, or a site admin of any site) uses this address. */
export async function isAdminAddress(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), or(eq(users.role, ROLE.OWNER), eq(users.role, ROLE.SITE_ADMIN))))
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<User> {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

export async function updateUser(db: DbOrTx, id: string, values: UserPatch): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Revokes one session; its realtime streams, on every instance, end when the caller commits. */
export async function revokeSession(db: DbOrTx, sessionId: string, reason: string, at: Date): Promise<void> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  if (rows[0]) {
    await publishSessionsEnded(db, { u: rows[0].userId, s: sessionId });
  }
}

/**
 * Revokes every session of a user (password change or reset, a ban, an admin's edit) and ends
 * their realtime streams. `keep` hands the streams of the caller's session over to the session
 * that replaces it.
 */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  reason: string,
  at: Date,
  keep?: { from: string; to: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  // Sent even when no session was live: cheap, and it also ends a stream that missed an earlier notice.
  await publishSessionsEnded(db, { u: userId, ...(keep ? { keep } : {}) });
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: { tokenHash: string; sessionId: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .select({
      tokenHash: refreshTokens.tokenHash,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      sessionRevokedAt: sessions.revokedAt,
      sessionSiteId: sessions.siteId,
      userId: sessions.userId,
      userSiteId: users.siteId,
      userRole: users.role,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

export type RefreshRow = NonNullable<Awaited<ReturnType<typeof findRefreshToken>>>;

/** A session belongs to the site it started on (older sessions: the user's site, any site for the owner). */
export function sessionOnSite(
  row: Pick<RefreshRow, 'sessionSiteId' | 'userSiteId' | 'userRole'>,
  siteId: string,
): boolean {
  if (row.sessionSiteId) {
    return row.sessionSiteId === siteId;
  }
  return row.userSiteId === siteId || row.userRole === ROLE.OWNER;
}
