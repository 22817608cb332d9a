import { createHmac, randomUUID } from 'node:crypto';
import { RECOVERY_CODE_PATTERN, ROLE, type TLoginRequest, type TLoginResponse, type TTokens } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { decryptSecret, randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { countHit, hitLimit, resetLimit } from '../../lib/rate-limit.js';
import { matchTotp } from '../../lib/totp.js';
import { spendRecoveryCode } from './recovery-codes.js';
import { recordAudit } from '../audit/index.js';
import { checkCaptcha, LIMITS, type RequestMeta } from './guards.js';
import { meOf } from './mapper.js';
import { sessionsSettled } from './session-cache.js';
import {
  claimRefreshToken,
  claimTotpStep,
  findLoginUser,
  findRefreshToken,
  findUserById,
  insertRefreshToken,
  insertSession,
  revokeSession,
  type User,
} from './repository.js';
import { REFRESH_TTL_SEC, signAccessToken } from './tokens.js';

/** Sessions: login, token pairs, their rotation with reuse detection, logout. */

let unknownHash: Promise<string> | null = null;
/** A hash no password matches, checked for an unknown address so that it costs what a known one does. */
function unknownAccountHash(): Promise<string> {
  unknownHash ??= hashPassword(randomToken(24));
  return unknownHash;
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

/** The first token pair of a session; its refresh token is random (rotations derive theirs). */
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

/**
 * The second factor at sign-in (password or Google): the app's code, or one recovery code, spent
 * once (docs/security.md#two-factor).
 */
export async function checkSecondFactor(ctx: AppContext, user: User, code: string | undefined): Promise<void> {
  if (code && RECOVERY_CODE_PATTERN.test(code)) {
    if (!(await spendRecoveryCode(ctx, user.id, code))) {
      throw new AppError('INVALID_2FA');
    }
    return;
  }
  await checkTotp(ctx, user, code);
}

/**
 * Checks a TOTP code against the user's secret and spends its time step (no replay): the app's code
 * only, as the account's security changes ask for.
 */
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

/**
 * Password sign-in (docs/security.md#sign-in). The first few attempts on an address (from
 * anywhere) and from a source address need no captcha; past them every attempt does, so guessing
 * costs work while nobody is locked out. The counters are kept by the typed address whether or not
 * it has an account, and every refusal before the password is right is the same WRONG_PASSWORD
 * after the same argon2 work: no account, a wrong password, a Google-only or password-less account
 * cannot be told apart.
 */
export async function login(ctx: AppContext, meta: RequestMeta, body: TLoginRequest): Promise<TLoginResponse> {
  const accountKey = `login:tries:${meta.site.id}:${body.email}`;
  await hitLimit(ctx.db, ctx.clock, { key: `login:ip:${meta.ip}`, ...LIMITS.loginIp });
  // Counted before the check, one atomic upsert each: parallel guesses cannot all go free.
  const [fromAccount, fromIp] = await Promise.all([
    countHit(ctx.db, ctx.clock, accountKey, LIMITS.loginFreeAccount.windowSec),
    countHit(ctx.db, ctx.clock, `login:tries:ip:${meta.ip}`, LIMITS.loginFreeIp.windowSec),
  ]);
  if (fromAccount > LIMITS.loginFreeAccount.max || fromIp > LIMITS.loginFreeIp.max || body.captcha) {
    await checkCaptcha(ctx, meta, body.captcha);
  }
  const user = await findLoginUser(ctx.db, meta.site.id, body.email);
  if (!user?.passwordHash) {
    await verifyPassword(await unknownAccountHash(), body.password);
    if (user) {
      await recordFailure(ctx, user.id, 'password', 'WRONG_PASSWORD');
    }
    throw new AppError('WRONG_PASSWORD');
  }
  const passwordHash = user.passwordHash;
  await auditedLogin(ctx, user.id, 'password', async () => {
    if (!(await verifyPassword(passwordHash, body.password))) {
      throw new AppError('WRONG_PASSWORD');
    }
    if (!user.active) {
      throw new AppError('USERNAME_BANNED');
    }
    if (!user.emailVerifiedAt) {
      throw new AppError('NOT_VERIFY_MAIL');
    }
    if (user.twoFactorEnabled) {
      await checkSecondFactor(ctx, user, body.code);
    }
  });
  await resetLimit(ctx.db, accountKey);
  const tokens = await startAuditedSession(ctx, user, meta, 'password');
  return { tokens, user: await meOf(ctx.db, user) };
}

/** `account.login-failed` on the account's trail, with the code and never what was typed. */
async function recordFailure(ctx: AppContext, userId: string, method: 'password' | 'google', reason: string) {
  await recordAudit(ctx, ctx.db, {
    userId,
    action: 'account.login-failed',
    targetType: 'account',
    detail: { method, reason },
  });
}

/**
 * The checks of a known account's sign-in; a refusal is written to the account's trail
 * (`account.login-failed` with the code, never what was typed) before it goes to the caller.
 */
export async function auditedLogin(
  ctx: AppContext,
  userId: string,
  method: 'password' | 'google',
  checks: () => Promise<void>,
): Promise<void> {
  try {
    await checks();
  } catch (err) {
    if (err instanceof AppError) {
      await recordFailure(ctx, userId, method, err.code);
    }
    throw err;
  }
}

/** A new session and its `account.login` row, in one transaction. */
export async function startAuditedSession(
  ctx: AppContext,
  user: User,
  meta: RequestMeta,
  method: 'password' | 'google',
): Promise<TTokens> {
  return ctx.db.transaction(async (tx) => {
    const tokens = await startSession(ctx, tx, user, meta);
    await recordAudit(ctx, tx, {
      userId: user.id,
      action: 'account.login',
      targetType: 'account',
      detail: { method, twoFactor: user.twoFactorEnabled },
    });
    return tokens;
  });
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

/**
 * How long after its rotation a refresh token may be shown again and get the same successor pair:
 * two tabs renewing at once, or a page reloaded while its renewal was in flight, present the same
 * token twice within moments (docs/product-rules.md#session). Later reuse is theft: it revokes.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * The refresh token that replaces `refreshToken`: derived from it with a server key, so every
 * presentation of one token within the grace gets the same successor, and nobody without the key
 * can compute it.
 */
function successorOf(ctx: AppContext, refreshToken: string): string {
  return createHmac('sha256', ctx.keys.refresh).update(refreshToken).digest('base64url');
}

type RefreshRow = NonNullable<Awaited<ReturnType<typeof findRefreshToken>>>;

/** A fresh access token for the session of `row`, paired with its refresh token `successor`. */
async function pairFor(ctx: AppContext, row: RefreshRow, siteId: string, successor: string): Promise<TTokens> {
  const user = await findUserById(ctx.db, row.userId);
  if (!user?.active) {
    throw new AppError('INVALID_TOKEN');
  }
  const accessToken = await signAccessToken(ctx, { sub: user.id, sid: row.sessionId, site: siteId, role: user.role });
  return { accessToken, refreshToken: successor };
}

/** A spent token shown again: its successor pair within the grace, else the session is revoked. */
async function replay(ctx: AppContext, row: RefreshRow, siteId: string, successor: string): Promise<TTokens> {
  const now = ctx.clock.now();
  // Read again: a concurrent rotation has committed by now (its claim held the row until then).
  const spent = await findRefreshToken(ctx.db, row.tokenHash);
  const next = await findRefreshToken(ctx.db, sha256Hex(successor));
  const inGrace =
    spent?.usedAt &&
    now.getTime() - spent.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS &&
    next &&
    !next.usedAt &&
    !next.sessionRevokedAt &&
    next.sessionId === row.sessionId &&
    next.expiresAt > now;
  if (inGrace) {
    return pairFor(ctx, row, siteId, successor);
  }
  await revokeSession(ctx.db, row.sessionId, 'refresh_reuse', now);
  await sessionsSettled(ctx.database);
  ctx.log.warn({ sessionId: row.sessionId }, 'refresh token reuse: session revoked');
  throw new AppError('INVALID_TOKEN');
}

/**
 * Rotates a refresh token: it is spent and its successor stored in one transaction. Reusing a
 * spent one revokes its whole family (the session), unless it is within the grace above.
 */
export async function renewToken(ctx: AppContext, meta: RequestMeta, refreshToken: string): Promise<TTokens> {
  const now = ctx.clock.now();
  const hash = sha256Hex(refreshToken);
  const row = await findRefreshToken(ctx.db, hash);
  // A token shown to the wrong site is refused before it is claimed, so it stays good at home.
  if (!row || row.sessionRevokedAt || !sessionOnSite(row, meta.site.id)) {
    throw new AppError('INVALID_TOKEN');
  }
  const successor = successorOf(ctx, refreshToken);
  const rotated =
    !row.usedAt &&
    (await ctx.db.transaction(async (tx) => {
      if (!(await claimRefreshToken(tx, hash, now))) {
        return false;
      }
      if (row.expiresAt > now) {
        await insertRefreshToken(tx, {
          tokenHash: sha256Hex(successor),
          sessionId: row.sessionId,
          expiresAt: new Date(now.getTime() + REFRESH_TTL_SEC * 1000),
          createdAt: now,
        });
      }
      return true;
    }));
  if (!rotated) {
    return replay(ctx, row, meta.site.id, successor);
  }
  if (row.expiresAt <= now) {
    throw new AppError('INVALID_TOKEN');
  }
  return pairFor(ctx, row, meta.site.id, successor);
}

export async function logout(ctx: AppContext, meta: RequestMeta, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(ctx.db, sha256Hex(refreshToken));
  // Another site cannot end a session it does not own; the answer is the same either way.
  if (row && sessionOnSite(row, meta.site.id)) {
    await revokeSession(ctx.db, row.sessionId, 'logout', ctx.clock.now());
    await sessionsSettled(ctx.database);
  }
}
