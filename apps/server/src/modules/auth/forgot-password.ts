import { and, eq, isNull } from 'drizzle-orm';
import { authEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { checkCaptcha } from './captcha.js';
import { issueCode, matchCode, spendCode } from './codes.js';
import { LIMITS, requestMeta, type RequestMeta } from './guards.js';
import { findUserById, findUserBySiteEmail, revokeUserSessions, type UserPatch, type User } from './queries.js';
import { sessionsSettled } from './session-cache.js';
import { signResetToken, verifyResetToken } from './tokens.js';

/** Forgot password: a mailed code, then a reset token bound to the current password. */

/** POST /api/auth/forgot-password: a reset code mailed to an address with an account. */
export async function forgotPassword(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  captcha: string | undefined,
): Promise<void> {
  await hitLimit(ctx.db, ctx.clock, { key: `otp:ip:${meta.ip}`, ...LIMITS.otpIp });
  await checkCaptcha(ctx, meta, captcha);
  const user = await findUserBySiteEmail(ctx.db, meta.site.id, email);
  // The answer is the same whether or not the address has an account: a resend refused for a
  // known one (too soon, too many) is answered as success too.
  if (!user) {
    return;
  }
  try {
    await issueCode(ctx, meta, email, 'reset');
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'TOO_MANY_REQUEST')) {
      throw err;
    }
  }
}

function passwordFingerprint(user: User): string {
  return sha256Hex(user.passwordHash ?? `none:${user.id}`).slice(0, 16);
}

/** POST /api/auth/check-code-forgot: the code traded for a reset token. */
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

/** PUT /api/auth/create-new-password: the new password, once per reset token; every session ends. */
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
    // In the customer's own trail, like sign-ins: a reset they did not make is theirs to see.
    await recordAudit(ctx, tx, { userId: user.id, action: 'account.password-reset', targetType: 'account' });
  });
  await sessionsSettled(ctx.database);
}

/**
 * Replaces a password only while it is still `current` (null: none), so of two requests holding
 * the same reset token only the first changes anything.
 */
async function replacePassword(
  db: DbOrTx,
  userId: string,
  current: string | null,
  values: UserPatch,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), current === null ? isNull(users.passwordHash) : eq(users.passwordHash, current)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export function forgotPasswordRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, authEndpoints.forgotPassword, opts, async (req) => {
    await forgotPassword(app.ctx, requestMeta(req), req.body.email, req.body.captcha);
    return { ok: true as const };
  });
  route(app, authEndpoints.checkCodeForgot, opts, async (req) => ({
    resetToken: await checkCodeForgot(app.ctx, requestMeta(req), req.body.email, req.body.code),
  }));
  route(app, authEndpoints.createNewPassword, opts, async (req) => {
    await createNewPassword(app.ctx, requestMeta(req), req.body.resetToken, req.body.password);
    return { ok: true as const };
  });
}
