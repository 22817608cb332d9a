import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { authEndpoints, DEFAULT_LEAD_DAYS, DEFAULT_NOTIFY_EVENTS, type TRegisterRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notifySettings, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { joinableAgency, joinAgencyOnVerify } from '../agency/index.js';
import { checkCaptcha } from './captcha.js';
import { issueCode, matchCode, spendCode } from './codes.js';
import { assertEmail, LIMITS, requestMeta, type RequestMeta } from './guards.js';
import { findUserBySiteEmail, insertUser, isAdminAddress, type User, type UserPatch } from './queries.js';

/** Registration: an account with an unverified address, its mailed code, and the verification. */

/** POST /api/auth/register. */
export async function register(ctx: AppContext, meta: RequestMeta, body: TRegisterRequest): Promise<void> {
  assertEmail(body.email);
  await hitLimit(ctx.db, ctx.clock, { key: `register:ip:${meta.ip}`, ...LIMITS.registerIp });
  await checkCaptcha(ctx, meta, body.captcha);
  if (body.agencyCode) {
    // The coupon joins that agency on verification (docs/product-rules.md#agency).
    await joinableAgency(ctx.db, meta.site, body.agencyCode);
  }
  const existing = await findUserBySiteEmail(ctx.db, meta.site.id, body.email);
  // An admin's address is taken on every site: a customer account with it would shadow or be
  // mistaken for the admin (docs/security.md#admin-addresses).
  if (existing?.emailVerifiedAt || (await isAdminAddress(ctx.db, body.email))) {
    throw new AppError('USER_EXISTS');
  }
  // Each registration gets its own code, which carries its password: registering again mails a
  // new code (the old one stops working), and the code that is verified sets the password. Two
  // registrations with different passwords cannot be told apart (the mailbox's owner may verify
  // either code), so then no code carries a password: the verified owner sets one through "forgot
  // password", which only the mailbox can complete, and the other person gets nothing.
  const samePassword = !existing || (await verifyPassword(existing.passwordHash, body.password));
  const passwordHash = samePassword ? await hashPassword(body.password) : null;
  // The agency code follows the same rule (docs/product-rules.md#agency): the newest registration's
  // own code, none if it carries none, and none when two registrations' passwords differ, since
  // the mailbox's owner may then verify the code of either. Keeping an earlier registration's code
  // would let whoever registered the address first (an agency owner) capture its real owner.
  const agencyCode = samePassword ? (body.agencyCode ?? null) : null;
  if (existing) {
    const updated = await updateUnverifiedUser(ctx.db, existing.id, {
      passwordHash,
      agencyCode,
      updatedAt: ctx.clock.now(),
    });
    if (!updated) {
      // Verified (by its code or by Google) since it was read.
      throw new AppError('USER_EXISTS');
    }
  } else {
    try {
      await insertUser(ctx.db, {
        id: randomUUID(),
        siteId: meta.site.id,
        email: body.email,
        passwordHash,
        agencyCode,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('USER_EXISTS');
      }
      throw err;
    }
  }
  // The page's language becomes the account's for mails and alerts (docs/product-rules.md#mail-language).
  const lang = meta.site.forceEnglish ? 'en' : (body.lang ?? 'vi');
  const account = await findUserBySiteEmail(ctx.db, meta.site.id, body.email);
  if (account) {
    await setLanguage(ctx.db, {
      userId: account.id,
      language: lang,
      leadDays: [...DEFAULT_LEAD_DAYS],
      events: [...DEFAULT_NOTIFY_EVENTS],
      updatedAt: ctx.clock.now(),
    });
  }
  await issueCode(ctx, meta, body.email, 'verify', { passwordHash, registration: true, lang });
}

/** The account of an address still to verify, each look-up counted against the caller's address. */
async function unverifiedAccount(ctx: AppContext, meta: RequestMeta, email: string): Promise<User> {
  await hitLimit(ctx.db, ctx.clock, { key: `otp:ip:${meta.ip}`, ...LIMITS.otpIp });
  const user = await findUserBySiteEmail(ctx.db, meta.site.id, email);
  if (!user) {
    throw new AppError('USER_NOT_EXISTS');
  }
  if (user.emailVerifiedAt) {
    throw new AppError('VERIFY_EMAIL_ALREADY');
  }
  return user;
}

/** POST /api/auth/receive-code: the verification code again. */
export async function receiveCode(ctx: AppContext, meta: RequestMeta, email: string): Promise<number> {
  const user = await unverifiedAccount(ctx, meta, email);
  // A resent code carries the password of the newest registration, which the account row holds.
  return issueCode(ctx, meta, email, 'verify', { passwordHash: user.passwordHash });
}

/** POST /api/auth/verify: the address verified by its code, and the agency of its coupon joined. */
export async function verifyEmail(ctx: AppContext, meta: RequestMeta, email: string, code: string): Promise<void> {
  const user = await unverifiedAccount(ctx, meta, email);
  const row = await matchCode(ctx, meta, email, 'verify', code);
  await ctx.db.transaction(async (tx) => {
    await spendCode(ctx, tx, row);
    if (!(await markEmailVerified(tx, user.id, ctx.clock.now(), row.passwordHash))) {
      throw new AppError('VERIFY_EMAIL_ALREADY');
    }
    await joinAgencyOnVerify(tx, user, ctx.clock.now());
  });
}

/**
 * Marks an address verified, once: false when it already was. A code that carries a
 * registration's password makes it the account's password.
 */
async function markEmailVerified(db: DbOrTx, userId: string, at: Date, passwordHash: string | null): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at, ...(passwordHash ? { passwordHash } : {}) })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Updates an account only while its address is unverified (a registration again); false once verified. */
async function updateUnverifiedUser(db: DbOrTx, userId: string, values: UserPatch): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Sets the account's mail and alert language, keeping its other choices (a missing row gets the
 * defaults, as `effective` reads them).
 */
async function setLanguage(
  db: DbOrTx,
  row: Pick<typeof notifySettings.$inferInsert, 'userId' | 'language' | 'leadDays' | 'events' | 'updatedAt'>,
): Promise<void> {
  await db
    .insert(notifySettings)
    .values(row)
    .onConflictDoUpdate({ target: notifySettings.userId, set: { language: row.language, updatedAt: row.updatedAt } });
}

export function registerRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, authEndpoints.register, opts, async (req) => {
    await register(app.ctx, requestMeta(req), req.body);
    return { ok: true as const };
  });
  route(app, authEndpoints.receiveCode, opts, async (req) => ({
    ok: true as const,
    remainTime: await receiveCode(app.ctx, requestMeta(req), req.body.email),
  }));
  route(app, authEndpoints.verify, opts, async (req) => {
    await verifyEmail(app.ctx, requestMeta(req), req.body.email, req.body.code);
    return { ok: true as const };
  });
}
