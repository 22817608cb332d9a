/* eslint-disable max-lines -- split by the concurrent auth/cust work */
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import {
  EMAIL_RE,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  ROLE,
  type TLoginRequest,
  type TLoginResponse,
  type TRegisterRequest,
  type TTokens,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { verifyAltcha, verifyRecaptcha } from '../../lib/captcha.js';
import { decryptSecret, hmacHex, randomDigits, randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hitLimit, resetLimit } from '../../lib/rate-limit.js';
import { matchTotp } from '../../lib/totp.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { enqueueMail, kickOutbox } from '../outbox/index.js';
import type { Site } from '../site/index.js';
import {
  claimRefreshToken,
  claimTotpStep,
  claimUnverifiedForGoogle,
  consumeCode,
  consumePendingCodes,
  findAuthUser,
  findLoginUser,
  findRefreshToken,
  findUserById,
  findUserBySiteEmail,
  insertEmailCode,
  insertRefreshToken,
  insertSession,
  insertUser,
  latestEmailCode,
  markEmailVerified,
  replacePassword,
  revokeSession,
  revokeUserSessions,
  spendCodeAttempt,
  updateUnverifiedUser,
  updateUser,
  type EmailCode,
  type User,
} from './repository.js';
import { toMe } from './mapper.js';
import { REFRESH_TTL_SEC, signAccessToken, signResetToken, verifyResetToken } from './tokens.js';

export interface RequestMeta {
  site: Site;
  ip: string;
  userAgent: string;
}

// Rate limits (issue: "per client IP and per account"). Windows are fixed, in seconds.
export const LIMITS = {
  loginIp: { max: 30, windowSec: 600 },
  loginAccount: { max: 10, windowSec: 600 },
  otpIp: { max: 20, windowSec: 3600 },
  otpAccount: { max: 8, windowSec: 3600 },
  registerIp: { max: 10, windowSec: 3600 },
} as const;

export function assertEmail(email: string): void {
  if (!EMAIL_RE.test(email)) {
    throw new AppError('EMAIL_INVALID');
  }
}

async function checkCaptcha(ctx: AppContext, meta: RequestMeta, token: string | undefined): Promise<void> {
  if (ctx.config.CAPTCHA === 'off') {
    return;
  }
  const recaptcha = meta.site.settings.recaptcha;
  if (recaptcha?.secretKey) {
    return verifyRecaptcha(recaptcha.secretKey, token, meta.ip);
  }
  return verifyAltcha(ctx.db, ctx.keys.captcha, token);
}

function codeHash(ctx: AppContext, email: string, purpose: string, code: string): string {
  return hmacHex(ctx.keys.otp, `${purpose}:${email}:${code}`);
}

/**
 * Issues a new OTP; returns the seconds until the next may be. A resend less than a minute after
 * the last code is refused, but a registration always gets its own code: the code carries the
 * registration's password (`passwordHash`), which only that code may set. The per-address hourly
 * limit applies to both.
 */
async function issueCode(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  purpose: 'verify' | 'reset',
  opts: { passwordHash?: string | null; registration?: boolean } = {},
): Promise<number> {
  const now = ctx.clock.now();
  const last = await latestEmailCode(ctx.db, meta.site.id, email, purpose);
  if (last && !opts.registration) {
    const elapsed = (now.getTime() - last.createdAt.getTime()) / 1000;
    if (elapsed < OTP_RESEND_SECONDS) {
      throw new AppError('TOO_MANY_REQUEST', { remainTime: Math.ceil(OTP_RESEND_SECONDS - elapsed) });
    }
  }
  await hitLimit(ctx.db, ctx.clock, { key: `otp:acct:${meta.site.id}:${email}`, ...LIMITS.otpAccount });
  const code = randomDigits(OTP_LENGTH);
  const subject =
    purpose === 'verify'
      ? `${meta.site.title}: mã xác minh / verification code ${code}`
      : `${meta.site.title}: mã đặt lại mật khẩu / password reset code ${code}`;
  const text = [
    `Mã của bạn là: ${code} (hiệu lực 10 phút).`,
    `Your code is: ${code} (valid for 10 minutes).`,
    '',
    'Nếu bạn không yêu cầu mã này, hãy bỏ qua thư. / If you did not ask for it, ignore this mail.',
  ].join('\n');
  // The code and its mail commit together; the mail goes out right after the commit.
  const mailId = await ctx.db.transaction(async (tx) => {
    await insertEmailCode(tx, {
      id: randomUUID(),
      siteId: meta.site.id,
      email,
      purpose,
      codeHash: codeHash(ctx, email, purpose, code),
      passwordHash: opts.passwordHash ?? null,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return enqueueMail(ctx, tx, { to: email, subject, text });
  });
  await kickOutbox(ctx, [mailId]);
  return OTP_RESEND_SECONDS;
}

/**
 * Checks an OTP: the newest code for the address and purpose, unexpired, with attempts left.
 * Each check spends an attempt first, so parallel guesses cannot exceed the limit. The caller
 * consumes the code (a conditional update) together with what the code grants.
 */
async function matchCode(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  purpose: 'verify' | 'reset',
  code: string,
): Promise<EmailCode> {
  const now = ctx.clock.now();
  const row = await latestEmailCode(ctx.db, meta.site.id, email, purpose);
  if (!row || row.consumedAt || row.expiresAt <= now) {
    throw new AppError('VERIFY_EMAIL_FAIL_EXP');
  }
  if (!(await spendCodeAttempt(ctx.db, row.id, OTP_MAX_ATTEMPTS))) {
    throw new AppError('VERIFY_EMAIL_FAIL_EXP');
  }
  if (row.codeHash !== codeHash(ctx, email, purpose, code)) {
    throw new AppError('WRONG_CODE');
  }
  return row;
}

/** Uses a matched code up; of parallel requests with the same code only one gets past this. */
async function spendCode(ctx: AppContext, db: DbOrTx, row: EmailCode): Promise<void> {
  if (!(await consumeCode(db, row.id, ctx.clock.now()))) {
    throw new AppError('VERIFY_EMAIL_FAIL_EXP');
  }
}

export async function register(ctx: AppContext, meta: RequestMeta, body: TRegisterRequest): Promise<void> {
  assertEmail(body.email);
  await hitLimit(ctx.db, ctx.clock, { key: `register:ip:${meta.ip}`, ...LIMITS.registerIp });
  await checkCaptcha(ctx, meta, body.captcha);
  const existing = await findUserBySiteEmail(ctx.db, meta.site.id, body.email);
  if (existing?.emailVerifiedAt) {
    throw new AppError('USER_EXISTS');
  }
  // Each registration gets its own code, which carries its password: registering again mails a
  // new code (the old one stops working), and the code that is verified sets the password. Two
  // registrations with different passwords cannot be told apart (the mailbox's owner may verify
  // either code), so then no code carries a password: the verified owner sets one through "forgot
  // password", which only the mailbox can complete, and the other person gets nothing.
  const samePassword = !existing || (await verifyPassword(existing.passwordHash, body.password));
  const passwordHash = samePassword ? await hashPassword(body.password) : null;
  if (existing) {
    const updated = await updateUnverifiedUser(ctx.db, existing.id, {
      passwordHash,
      agencyCode: body.agencyCode ?? existing.agencyCode,
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
        agencyCode: body.agencyCode ?? null,
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
  await issueCode(ctx, meta, body.email, 'verify', { passwordHash, registration: true });
}

export async function receiveCode(ctx: AppContext, meta: RequestMeta, email: string): Promise<number> {
  await hitLimit(ctx.db, ctx.clock, { key: `otp:ip:${meta.ip}`, ...LIMITS.otpIp });
  const user = await findUserBySiteEmail(ctx.db, meta.site.id, email);
  if (!user) {
    throw new AppError('USER_NOT_EXISTS');
  }
  if (user.emailVerifiedAt) {
    throw new AppError('VERIFY_EMAIL_ALREADY');
  }
  // A resent code carries the password of the newest registration, which the account row holds.
  return issueCode(ctx, meta, email, 'verify', { passwordHash: user.passwordHash });
}

export async function verifyEmail(ctx: AppContext, meta: RequestMeta, email: string, code: string): Promise<void> {
  await hitLimit(ctx.db, ctx.clock, { key: `otp:ip:${meta.ip}`, ...LIMITS.otpIp });
  const user = await findUserBySiteEmail(ctx.db, meta.site.id, email);
  if (!user) {
    throw new AppError('USER_NOT_EXISTS');
  }
  if (user.emailVerifiedAt) {
    throw new AppError('VERIFY_EMAIL_ALREADY');
  }
  const row = await matchCode(ctx, meta, email, 'verify', code);
  await ctx.db.transaction(async (tx) => {
    await spendCode(ctx, tx, row);
    if (!(await markEmailVerified(tx, user.id, ctx.clock.now(), row.passwordHash))) {
      throw new AppError('VERIFY_EMAIL_ALREADY');
    }
  });
}

/** Starts a session and issues its first token pair. */
export async function startSession(
  ctx: AppContext,
  db: DbOrTx,
  user: User,
  meta: RequestMeta,
  sessionId: string = randomUUID(),
): Promise<TTokens> {
  const now = ctx.clock.now();
  await insertSession(db, {
    id: sessionId,
    userId: user.id,
    siteId: meta.site.id,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
    createdAt: now,
  });
  return issueTokens(ctx, db, { userId: user.id, role: user.role, sessionId, siteId: meta.site.id });
}

async function issueTokens(
  ctx: AppContext,
  db: DbOrTx,
  s: { userId: string; role: number; sessionId: string; siteId: string },
): Promise<TTokens> {
  const now = ctx.clock.now();
  const refreshToken = randomToken(32);
  await insertRefreshToken(db, {
    tokenHash: sha256Hex(refreshToken),
    sessionId: s.sessionId,
    expiresAt: new Date(now.getTime() + REFRESH_TTL_SEC * 1000),
    createdAt: now,
  });
  const accessToken = await signAccessToken(ctx, { sub: s.userId, sid: s.sessionId, site: s.siteId, role: s.role });
  return { accessToken, refreshToken };
}

/** Checks a TOTP code against the user's secret and spends its time step (no replay). */
export async function checkTotp(ctx: AppContext, user: User, code: string | undefined): Promise<void> {
  if (!code) {
    throw new AppError('MISSING_2FA');
  }
  if (!user.twoFactorSecret) {
    throw new AppError('INVALID_2FA');
  }
  const secret = decryptSecret(ctx.keys.secrets, user.twoFactorSecret);
  const step = matchTotp(secret, code, ctx.clock.nowMs());
  if (step === null || !(await claimTotpStep(ctx.db, user.id, step))) {
    throw new AppError('INVALID_2FA');
  }
}

export async function login(ctx: AppContext, meta: RequestMeta, body: TLoginRequest): Promise<TLoginResponse> {
  const accountKey = `login:acct:${meta.site.id}:${body.email}`;
  await hitLimit(ctx.db, ctx.clock, { key: `login:ip:${meta.ip}`, ...LIMITS.loginIp });
  await hitLimit(ctx.db, ctx.clock, { key: accountKey, ...LIMITS.loginAccount });
  await checkCaptcha(ctx, meta, body.captcha);
  const user = await findLoginUser(ctx.db, meta.site.id, body.email);
  if (!user) {
    throw new AppError('USER_NOT_EXISTS');
  }
  if (!user.passwordHash) {
    throw new AppError(user.googleSub ? 'GOOGLE_LOGIN' : user.emailVerifiedAt ? 'PASSWORD_NOT_SET' : 'NOT_VERIFY_MAIL');
  }
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    throw new AppError('WRONG_PASSWORD');
  }
  if (!user.active) {
    throw new AppError('USERNAME_BANNED');
  }
  if (!user.emailVerifiedAt) {
    throw new AppError('NOT_VERIFY_MAIL');
  }
  if (user.twoFactorEnabled) {
    await checkTotp(ctx, user, body.code);
  }
  await resetLimit(ctx.db, accountKey);
  const tokens = await startSession(ctx, ctx.db, user, meta);
  return { tokens, user: toMe(user) };
}

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
    return claimed;
  }
  // The mailbox owner verified it by code meanwhile: then it is a verified account to link.
  const fresh = (await findUserById(ctx.db, user.id))!;
  if (!fresh.googleSub) {
    await updateUser(ctx.db, fresh.id, { googleSub: sub, updatedAt: now });
  }
  return { ...fresh, googleSub: fresh.googleSub ?? sub };
}

/** Google sign-in: an ID token verified against the configured JWKS, audience = the site's client id. */
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
  let email: string;
  let sub: string;
  try {
    const { payload } = await jwtVerify(credential, googleKeys(ctx.config.GOOGLE_JWKS_URL), {
      audience: clientId,
      issuer: ['accounts.google.com', 'https://accounts.google.com'],
      currentDate: ctx.clock.now(),
    });
    if (typeof payload.email !== 'string' || payload.email_verified !== true || typeof payload.sub !== 'string') {
      throw new AppError('INVALID_TOKEN');
    }
    email = payload.email.trim().toLowerCase();
    sub = payload.sub;
  } catch {
    throw new AppError('INVALID_TOKEN');
  }
  const now = ctx.clock.now();
  let user = await findLoginUser(ctx.db, meta.site.id, email);
  if (!user) {
    try {
      user = await insertUser(ctx.db, {
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
      user = await findLoginUser(ctx.db, meta.site.id, email);
      if (!user) {
        throw err;
      }
    }
  } else if (!user.emailVerifiedAt) {
    user = await claimForGoogle(ctx, user, sub);
  } else if (!user.googleSub) {
    // Google vouched for the address of a verified account: it is linked from now on.
    await updateUser(ctx.db, user.id, { googleSub: sub, updatedAt: now });
    user = { ...user, googleSub: sub };
  }
  if (!user.active) {
    throw new AppError('USERNAME_BANNED');
  }
  // Google stands in for the password only: an account with 2FA on still needs its code.
  if (user.twoFactorEnabled) {
    await checkTotp(ctx, user, code);
  }
  const tokens = await startSession(ctx, ctx.db, user, meta);
  return { tokens, user: toMe(user) };
}

/** A session belongs to the site it started on (older sessions: the user's site, any site for the owner). */
function sessionOnSite(
  row: { sessionSiteId: string | null; userSiteId: string; userRole: number },
  siteId: string,
): boolean {
  if (row.sessionSiteId) {
    return row.sessionSiteId === siteId;
  }
  return row.userSiteId === siteId || row.userRole === ROLE.OWNER;
}

/** Rotates a refresh token. Reusing a spent one revokes its whole family (the session). */
export async function renewToken(ctx: AppContext, meta: RequestMeta, refreshToken: string): Promise<TTokens> {
  const now = ctx.clock.now();
  const hash = sha256Hex(refreshToken);
  const row = await findRefreshToken(ctx.db, hash);
  // A token shown to the wrong site is refused before it is claimed, so it stays good at home.
  if (!row || row.sessionRevokedAt || !sessionOnSite(row, meta.site.id)) {
    throw new AppError('INVALID_TOKEN');
  }
  if (row.usedAt || !(await claimRefreshToken(ctx.db, hash, now))) {
    await revokeSession(ctx.db, row.sessionId, 'refresh_reuse', now);
    ctx.log.warn({ sessionId: row.sessionId }, 'refresh token reuse: session revoked');
    throw new AppError('INVALID_TOKEN');
  }
  if (row.expiresAt <= now) {
    throw new AppError('INVALID_TOKEN');
  }
  const user = await findUserById(ctx.db, row.userId);
  if (!user?.active) {
    throw new AppError('INVALID_TOKEN');
  }
  return issueTokens(ctx, ctx.db, { userId: user.id, role: user.role, sessionId: row.sessionId, siteId: meta.site.id });
}

export async function logout(ctx: AppContext, meta: RequestMeta, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(ctx.db, sha256Hex(refreshToken));
  // Another site cannot end a session it does not own; the answer is the same either way.
  if (row && sessionOnSite(row, meta.site.id)) {
    await revokeSession(ctx.db, row.sessionId, 'logout', ctx.clock.now());
  }
}

export async function forgotPassword(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  captcha: string | undefined,
): Promise<void> {
  await hitLimit(ctx.db, ctx.clock, { key: `otp:ip:${meta.ip}`, ...LIMITS.otpIp });
  await checkCaptcha(ctx, meta, captcha);
  const user = await findUserBySiteEmail(ctx.db, meta.site.id, email);
  // The answer is the same whether or not the address has an account.
  if (!user) {
    return;
  }
  await issueCode(ctx, meta, email, 'reset');
}

function passwordFingerprint(user: User): string {
  return sha256Hex(user.passwordHash ?? `none:${user.id}`).slice(0, 16);
}

export async function checkCodeForgot(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  code: string,
): Promise<string> {
  await hitLimit(ctx.db, ctx.clock, { key: `otp:ip:${meta.ip}`, ...LIMITS.otpIp });
  const user = await findUserBySiteEmail(ctx.db, meta.site.id, email);
  if (!user) {
    throw new AppError('WRONG_CODE');
  }
  const row = await matchCode(ctx, meta, email, 'reset', code);
  await spendCode(ctx, ctx.db, row);
  return signResetToken(ctx, user.id, passwordFingerprint(user));
}

export async function createNewPassword(
  ctx: AppContext,
  meta: RequestMeta,
  resetToken: string,
  password: string,
): Promise<void> {
  const { userId, pwf } = await verifyResetToken(ctx, resetToken);
  const user = await findUserById(ctx.db, userId);
  if (!user || user.siteId !== meta.site.id || passwordFingerprint(user) !== pwf) {
    throw new AppError('INVALID_TOKEN');
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // The token is bound to the password it was issued under; only the first use replaces that one.
    const values = { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now };
    if (!(await replacePassword(tx, user.id, user.passwordHash, values))) {
      throw new AppError('INVALID_TOKEN');
    }
    await revokeUserSessions(tx, user.id, 'password_reset', now);
  });
}

// ---- for other modules, which never reach into this module's repository ----

/** A user by id (payments: whom an admin credits, and their email). */
export function getUserById(db: DbOrTx, id: string): Promise<User | undefined> {
  return findUserById(db, id);
}

/** The user of a session with whether that session is revoked (realtime: a stream's periodic check). */
export function getSessionUser(db: Db, userId: string, sessionId: string) {
  return findAuthUser(db, userId, sessionId);
}
