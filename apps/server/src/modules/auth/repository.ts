import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ROLE } from '@proxy/contract';
import { queryRows, type Db, type DbOrTx } from '../../db/client.js';
import { emailCodes, notifySettings, recoveryCodes, refreshTokens, sessions, users } from '../../db/schema/index.js';
import { publishSessionsEnded } from '../realtime/index.js';

export type User = typeof users.$inferSelect;

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
  // Object.assign, not a spread: see siteInfo (site/service.ts) for what a spread costs here.
  return r
    ? Object.assign(r.user, { sessionRevoked: r.revokedAt !== null, ownedAgencyId: r.ownedAgencyId })
    : undefined;
}

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

/** Links a Google subject to an account that has none; false when one is linked already. */
export async function linkGoogleSub(db: DbOrTx, userId: string, sub: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ googleSub: sub, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.googleSub)))
    .returning({ id: users.id });
  return rows.length > 0;
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

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function insertSession(
  db: DbOrTx,
  values: { id: string; userId: string; siteId: string; ip: string; userAgent: string; createdAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
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

/** Marks a refresh token used; false when another request used it first (a race is reuse). */
export async function claimRefreshToken(db: DbOrTx, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ h: refreshTokens.tokenHash });
  return rows.length === 1;
}

/**
 * Spends a TOTP time step: true for the one request that moves the user's last step forward,
 * false for every other, so a code logs in once however many requests race with it.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), sql`${users.twoFactorLastStep} < ${step}`)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Replaces a password only while it is still `current` (null: none), so of two requests holding
 * the same reset token only the first changes anything.
 */
export async function replacePassword(
  db: DbOrTx,
  userId: string,
  current: string | null,
  values: Partial<typeof users.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), current === null ? isNull(users.passwordHash) : eq(users.passwordHash, current)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Marks an address verified, once: false when it already was. A code that carries a
 * registration's password makes it the account's password.
 */
export async function markEmailVerified(
  db: DbOrTx,
  userId: string,
  at: Date,
  passwordHash: string | null,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at, ...(passwordHash ? { passwordHash } : {}) })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Updates an account only while its address is unverified (a registration again); false once verified. */
export async function updateUnverifiedUser(
  db: DbOrTx,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Google vouched for an unverified address: the account is verified and linked, and whatever
 * password someone set while registering it is dropped. Undefined when it was verified meanwhile.
 */
export async function claimUnverifiedForGoogle(
  db: DbOrTx,
  userId: string,
  googleSub: string,
  at: Date,
): Promise<User | undefined> {
  const rows = await db
    .update(users)
    .set({ passwordHash: null, googleSub, emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  return rows[0];
}

export type EmailCode = typeof emailCodes.$inferSelect;

export async function latestEmailCode(
  db: DbOrTx,
  siteId: string,
  email: string,
  purpose: 'verify' | 'reset',
): Promise<EmailCode | undefined> {
  const rows = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.siteId, siteId), eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return rows[0];
}

export async function insertEmailCode(db: DbOrTx, values: typeof emailCodes.$inferInsert): Promise<void> {
  await db.insert(emailCodes).values(values);
}

/** Spends one attempt atomically; false when the code has no attempts left or is already used. */
export async function spendCodeAttempt(db: DbOrTx, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt), sql`${emailCodes.attempts} < ${maxAttempts}`))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

/** Ends every pending code of an address (both purposes), e.g. when Google takes the account over. */
export async function consumePendingCodes(db: DbOrTx, siteId: string, email: string, at: Date): Promise<void> {
  await db
    .update(emailCodes)
    .set({ consumedAt: at })
    .where(and(eq(emailCodes.siteId, siteId), eq(emailCodes.email, email), isNull(emailCodes.consumedAt)));
}

export async function consumeCode(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: at })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

/**
 * Sets the account's mail and alert language, keeping its other choices (a missing row gets the
 * defaults, as `effective` reads them).
 */
export async function setLanguage(
  db: DbOrTx,
  row: Pick<typeof notifySettings.$inferInsert, 'userId' | 'language' | 'leadDays' | 'events' | 'updatedAt'>,
): Promise<void> {
  await db
    .insert(notifySettings)
    .values(row)
    .onConflictDoUpdate({ target: notifySettings.userId, set: { language: row.language, updatedAt: row.updatedAt } });
}

/** The language the account chose for its mails, if any (the caller applies a forced-English site first). */
export async function findMailLanguage(db: DbOrTx, siteId: string, email: string): Promise<'vi' | 'en' | undefined> {
  const rows = await queryRows<{ language: 'vi' | 'en' | null }>(
    db,
    sql`select n.language from users u join notify_settings n on n.user_id = u.id
         where u.site_id = ${siteId} and u.email = ${email}`,
  );
  return rows[0]?.language ?? undefined;
}

/** Replaces the user's recovery codes with these hashes (2FA on, or a new set). */
export async function replaceRecoveryCodeRows(db: DbOrTx, userId: string, hashes: string[], at: Date): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0) {
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
  }
}

/** Marks one unused recovery code used: true for the one request whose update took it. */
export async function claimRecoveryCode(db: DbOrTx, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return rows.length === 1;
}
