import type { AppContext } from '../../context.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { recordAudit } from '../audit/index.js';
import { issueCode, matchCode, spendCode } from './codes.js';
import { checkCaptcha, LIMITS, type RequestMeta } from './guards.js';
import { sessionsSettled } from './session-cache.js';
import { findUserById, findUserBySiteEmail, replacePassword, revokeUserSessions, type User } from './repository.js';
import { signResetToken, verifyResetToken } from './tokens.js';

/** Forgot password: a mailed code, then a reset token bound to the current password. */

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
    // In the customer's own trail, like sign-ins: a reset they did not make is theirs to see.
    await recordAudit(ctx, tx, { userId: user.id, action: 'account.password-reset', targetType: 'account' });
  });
  await sessionsSettled(ctx.database);
}
