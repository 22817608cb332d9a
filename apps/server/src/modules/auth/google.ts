import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { authEndpoints, type TLoginResponse } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { emailCodes, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { LIMITS, requestMeta, type RequestMeta } from './guards.js';
import { meOf } from './mapper.js';
import {
  findGoogleUser,
  findLoginUser,
  findUserById,
  insertUser,
  isAdminAddress,
  revokeUserSessions,
  type User,
} from './queries.js';
import { sessionsSettled } from './session-cache.js';
import { auditedLogin, startAuditedSession } from './sign-in.js';
import { checkSecondFactor } from './two-factor.js';

let jwks: { url: string; set: ReturnType<typeof createRemoteJWKSet> } | null = null;
function googleKeys(url: string) {
  if (!jwks || jwks.url !== url) {
    jwks = { url, set: createRemoteJWKSet(new URL(url)) };
  }
  return jwks.set;
}

/**
 * Google sign-in on an address nobody had verified: whoever registered it may not own the
 * mailbox, so the password they chose, their sessions and their pending codes all end here.
 * Only Google, or a password the Google user sets later, opens the account from now on.
 */
async function claimForGoogle(ctx: AppContext, user: User, sub: string): Promise<User> {
  const now = ctx.clock.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    const row = await claimUnverifiedForGoogle(tx, user.id, sub, now);
    if (row) {
      await revokeUserSessions(tx, user.id, 'google_claim', now);
      await consumePendingCodes(tx, user.siteId, user.email, now);
    }
    return row;
  });
  if (claimed) {
    await sessionsSettled(ctx.database);
    return claimed;
  }
  // The mailbox owner verified it by code meanwhile: then it is a verified account to link.
  return linkedTo(ctx, (await findUserById(ctx.db, user.id))!, sub);
}

/**
 * The account, linked to this Google subject: linked now if it has none, refused
 * (GOOGLE_ACCOUNT_MISMATCH) if it is linked to another one. An address alone never opens an
 * account another Google identity is linked to (the address may have changed hands at Google).
 */
async function linkedTo(ctx: AppContext, user: User, sub: string): Promise<User> {
  if (user.googleSub === sub) {
    return user;
  }
  if (user.googleSub === null && (await linkGoogleSub(ctx.db, user.id, sub, ctx.clock.now()))) {
    return { ...user, googleSub: sub };
  }
  throw new AppError('GOOGLE_ACCOUNT_MISMATCH');
}

/** The verified address and subject of a Google ID token for `clientId`; INVALID_TOKEN otherwise. */
async function verifyCredential(
  ctx: AppContext,
  clientId: string,
  credential: string,
): Promise<{ email: string; sub: string }> {
  try {
    const { payload } = await jwtVerify(credential, googleKeys(ctx.config.GOOGLE_JWKS_URL), {
      audience: clientId,
      issuer: ['accounts.google.com', 'https://accounts.google.com'],
      currentDate: ctx.clock.now(),
    });
    if (typeof payload.email !== 'string' || payload.email_verified !== true || typeof payload.sub !== 'string') {
      throw new AppError('INVALID_TOKEN');
    }
    return { email: payload.email.trim().toLowerCase(), sub: payload.sub };
  } catch {
    throw new AppError('INVALID_TOKEN');
  }
}

/** The account Google vouched for: created, claimed (unverified) or linked (verified) as needed. */
async function googleUser(ctx: AppContext, meta: RequestMeta, email: string, sub: string): Promise<User> {
  const now = ctx.clock.now();
  // Once linked, the subject names the account, whatever address Google reports now.
  const linked = await findGoogleUser(ctx.db, meta.site.id, sub);
  if (linked) {
    return linked;
  }
  const user = await findLoginUser(ctx.db, meta.site.id, email);
  if (!user) {
    // A new account is a registration: an admin's address is taken on every site.
    if (await isAdminAddress(ctx.db, email)) {
      throw new AppError('USER_EXISTS');
    }
    try {
      return await insertUser(ctx.db, {
        id: randomUUID(),
        siteId: meta.site.id,
        email,
        passwordHash: null,
        googleSub: sub,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (!isUniqueViolation(err)) {
        throw err;
      }
      const raced = await findLoginUser(ctx.db, meta.site.id, email);
      if (!raced) {
        throw err;
      }
      return raced;
    }
  }
  if (!user.emailVerifiedAt) {
    return claimForGoogle(ctx, user, sub);
  }
  // Google vouched for the address of a verified account: it is linked from now on, unless
  // another Google identity is.
  return linkedTo(ctx, user, sub);
}

/** POST /api/auth/google: an ID token verified against the configured JWKS, audience = the site's client id. */
export async function googleLogin(
  ctx: AppContext,
  meta: RequestMeta,
  credential: string,
  code?: string,
): Promise<TLoginResponse> {
  await hitLimit(ctx.db, ctx.clock, { key: `login:ip:${meta.ip}`, ...LIMITS.loginIp });
  const clientId = meta.site.settings.googleClientId ?? ctx.config.GOOGLE_CLIENT_ID;
  if (!clientId) {
    throw new AppError('INVALID_TOKEN');
  }
  const { email, sub } = await verifyCredential(ctx, clientId, credential);
  const user = await googleUser(ctx, meta, email, sub);
  await auditedLogin(ctx, user.id, 'google', async () => {
    if (!user.active) {
      throw new AppError('USERNAME_BANNED');
    }
    // Google stands in for the password only: an account with 2FA on still needs its second factor.
    if (user.twoFactorEnabled) {
      await checkSecondFactor(ctx, user, code);
    }
  });
  const tokens = await startAuditedSession(ctx, user, meta, 'google');
  return { tokens, user: await meOf(ctx.db, user) };
}

/** Links a Google subject to an account that has none; false when one is linked already. */
async function linkGoogleSub(db: DbOrTx, userId: string, sub: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ googleSub: sub, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.googleSub)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Google vouched for an unverified address: the account is verified and linked, and whatever
 * password someone set while registering it is dropped. Undefined when it was verified meanwhile.
 */
async function claimUnverifiedForGoogle(
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

/** Ends every pending code of an address (both purposes), e.g. when Google takes the account over. */
async function consumePendingCodes(db: DbOrTx, siteId: string, email: string, at: Date): Promise<void> {
  await db
    .update(emailCodes)
    .set({ consumedAt: at })
    .where(and(eq(emailCodes.siteId, siteId), eq(emailCodes.email, email), isNull(emailCodes.consumedAt)));
}

export function googleRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, authEndpoints.google, opts, async (req) =>
    googleLogin(app.ctx, requestMeta(req), req.body.credential, req.body.code),
  );
}
