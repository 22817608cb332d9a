import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import {
  EMAIL_RE,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  type TLoginRequest,
  type TLoginResponse,
  type TRegisterRequest,
  type TTokens,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { verifyAltcha, verifyRecaptcha } from '../../lib/captcha.js';
import { decryptSecret, hmacHex, randomDigits, randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hitLimit, resetLimit } from '../../lib/rate-limit.js';
import { matchTotp } from '../../lib/totp.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { sendMail } from '../outbox/outbox.js';
import type { Site } from '../site/repository.js';
import { toMe } from '../user/mapper.js';
import {
  claimRefreshToken,
  consumeCode,
  findLoginUser,
  findRefreshToken,
  findUserById,
  findUserBySiteEmail,
  insertEmailCode,
  insertRefreshToken,
  insertSession,
  insertUser,
  latestEmailCode,
  revokeSession,
  revokeUserSessions,
  spendCodeAttempt,
  updateUser,
  type User,
} from './repository.js';
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

/** Issues a new OTP unless one was sent less than a minute ago; returns the seconds until the next may be. */
async function issueCode(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  purpose: 'verify' | 'reset',
  { enforceCooldown }: { enforceCooldown: boolean },
): Promise<number> {
  const now = ctx.clock.now();
  const last = await latestEmailCode(ctx.db, meta.site.id, email, purpose);
  if (last) {
    const elapsed = (now.getTime() - last.createdAt.getTime()) / 1000;
    if (elapsed < OTP_RESEND_SECONDS) {
      const remainTime = Math.ceil(OTP_RESEND_SECONDS - elapsed);
      if (enforceCooldown) {
        throw new AppError('TOO_MANY_REQUEST', { remainTime });
      }
      return remainTime;
    }
  }
  await hitLimit(ctx.db, ctx.clock, { key: `otp:acct:${meta.site.id}:${email}`, ...LIMITS.otpAccount });
  const code = randomDigits(OTP_LENGTH);
  await insertEmailCode(ctx.db, {
    id: randomUUID(),
    siteId: meta.site.id,
    email,
    purpose,
    codeHash: codeHash(ctx, email, purpose, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    createdAt: now,
  });
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
  await sendMail(ctx, { to: email, subject, text });
  return OTP_RESEND_SECONDS;
}

/**
 * Checks an OTP: the newest code for the address and purpose, unexpired, with attempts left.
 * Each check spends an attempt first, so parallel guesses cannot exceed the limit.
 */
async function checkCode(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  purpose: 'verify' | 'reset',
  code: string,
): Promise<void> {
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
  if (!(await consumeCode(ctx.db, row.id, now))) {
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
  const passwordHash = await hashPassword(body.password);
  if (existing) {
    // An unverified account may register again (a lost mail); the newest password wins.
    await updateUser(ctx.db, existing.id, {
      passwordHash,
      agencyCode: body.agencyCode ?? existing.agencyCode,
      updatedAt: ctx.clock.now(),
    });
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
  await issueCode(ctx, meta, body.email, 'verify', { enforceCooldown: false });
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
  return issueCode(ctx, meta, email, 'verify', { enforceCooldown: true });
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
  await checkCode(ctx, meta, email, 'verify', code);
  await updateUser(ctx.db, user.id, { emailVerifiedAt: ctx.clock.now(), updatedAt: ctx.clock.now() });
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
  if (step === null || (user.twoFactorLastStep !== null && step <= user.twoFactorLastStep)) {
    throw new AppError('INVALID_2FA');
  }
  await updateUser(ctx.db, user.id, { twoFactorLastStep: step });
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
    throw new AppError('GOOGLE_LOGIN');
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

/** Google sign-in: an ID token verified against the configured JWKS, audience = the site's client id. */
export async function googleLogin(ctx: AppContext, meta: RequestMeta, credential: string): Promise<TLoginResponse> {
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
  } else if (!user.emailVerifiedAt || !user.googleSub) {
    // Google vouched for the address: it is verified, and the account is linked from now on.
    await updateUser(ctx.db, user.id, { emailVerifiedAt: user.emailVerifiedAt ?? now, googleSub: sub, updatedAt: now });
    user = { ...user, emailVerifiedAt: user.emailVerifiedAt ?? now, googleSub: sub };
  }
  if (!user.active) {
    throw new AppError('USERNAME_BANNED');
  }
  const tokens = await startSession(ctx, ctx.db, user, meta);
  return { tokens, user: toMe(user) };
}

/** Rotates a refresh token. Reusing a spent one revokes its whole family (the session). */
export async function renewToken(ctx: AppContext, meta: RequestMeta, refreshToken: string): Promise<TTokens> {
  const now = ctx.clock.now();
  const hash = sha256Hex(refreshToken);
  const row = await findRefreshToken(ctx.db, hash);
  if (!row || row.sessionRevokedAt) {
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

export async function logout(ctx: AppContext, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(ctx.db, sha256Hex(refreshToken));
  if (row) {
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
  await issueCode(ctx, meta, email, 'reset', { enforceCooldown: true });
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
  await checkCode(ctx, meta, email, 'reset', code);
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
    await updateUser(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now });
    await revokeUserSessions(tx, user.id, 'password_reset', now);
  });
}
