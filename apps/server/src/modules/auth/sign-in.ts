import { randomUUID } from 'node:crypto';
import type { TTokens } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import type { RequestMeta } from './guards.js';
import { insertRefreshToken, type User } from './queries.js';
import { REFRESH_TTL_SEC, signAccessToken } from './tokens.js';

/** What every sign-in ends with (password, Google, a new password): a session and its first token pair. */

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

/** `account.login-failed` on the account's trail, with the code and never what was typed. */
export async function recordFailure(ctx: AppContext, userId: string, method: 'password' | 'google', reason: string) {
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

async function insertSession(
  db: DbOrTx,
  values: { id: string; userId: string; siteId: string; ip: string; userAgent: string; createdAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}
