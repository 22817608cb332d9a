import { userEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { matchTotp, newTotpSecret, totpUrl } from '../../lib/totp.js';
import { recordAudit } from '../audit/index.js';
import {
  checkTotp,
  dropRecoveryCodes,
  replaceRecoveryCodes,
  requestMeta,
  sessionsSettled,
  updateUser,
  type RequestMeta,
} from '../auth/index.js';
import { getUser, requirePassword } from './queries.js';

/** POST /api/user/turn-on-2fa: a new secret to scan; 2FA is on only once a code from it is verified. */
export async function turnOn2fa(ctx: AppContext, meta: RequestMeta, userId: string, password: string) {
  const user = await getUser(ctx, userId);
  await requirePassword(ctx, user, password);
  if (user.twoFactorEnabled) {
    throw new AppError('TWOFA_IS_ON');
  }
  const secret = newTotpSecret();
  await updateUser(ctx.db, user.id, {
    twoFactorSecret: encryptSecret(ctx.keys.secrets, secret),
    twoFactorLastStep: null,
    updatedAt: ctx.clock.now(),
  });
  return { secret, otpauthUrl: totpUrl(user.email, meta.site.title, secret) };
}

/** Turns 2FA on and answers the first set of recovery codes, shown once (docs/security.md#two-factor). */
export async function verify2fa(ctx: AppContext, userId: string, password: string, code: string) {
  const user = await getUser(ctx, userId);
  await requirePassword(ctx, user, password);
  if (user.twoFactorEnabled) {
    throw new AppError('TWOFA_IS_ON');
  }
  if (!user.twoFactorSecret) {
    throw new AppError('INVALID_2FA');
  }
  const step = matchTotp(decryptSecret(ctx.keys.secrets, user.twoFactorSecret), code, ctx.clock.nowMs());
  if (step === null) {
    throw new AppError('INVALID_2FA');
  }
  const on = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { twoFactorEnabled: true, twoFactorLastStep: step, updatedAt: ctx.clock.now() });
    await recordAudit(ctx, tx, { userId: user.id, action: 'account.2fa-on', targetType: 'account' });
    return { ok: true as const, recoveryCodes: await replaceRecoveryCodes(ctx, tx, user.id) };
  });
  await sessionsSettled(ctx.database);
  return on;
}

/**
 * A new set of recovery codes for a signed-in user with 2FA on, against a current code from the
 * app; the old set stops working at once.
 */
export async function regenerateRecoveryCodes(ctx: AppContext, userId: string, code: string) {
  const user = await getUser(ctx, userId);
  await hitLimit(ctx.db, ctx.clock, { key: `2fa:${user.id}`, max: 10, windowSec: 600 });
  if (!user.twoFactorEnabled) {
    throw new AppError('TWOFA_IS_OFF');
  }
  await checkTotp(ctx, user, code);
  return ctx.db.transaction(async (tx) => {
    await recordAudit(ctx, tx, { userId: user.id, action: 'account.recovery-codes', targetType: 'account' });
    return { recoveryCodes: await replaceRecoveryCodes(ctx, tx, user.id) };
  });
}

/** POST /api/user/turn-off-2fa: the password and a current code; the recovery codes go too. */
export async function turnOff2fa(ctx: AppContext, userId: string, password: string, code: string): Promise<void> {
  const user = await getUser(ctx, userId);
  await requirePassword(ctx, user, password);
  if (!user.twoFactorEnabled) {
    throw new AppError('TWOFA_IS_OFF');
  }
  await checkTotp(ctx, user, code);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorLastStep: null,
      updatedAt: ctx.clock.now(),
    });
    await dropRecoveryCodes(tx, user.id);
    await recordAudit(ctx, tx, { userId: user.id, action: 'account.2fa-off', targetType: 'account' });
  });
  await sessionsSettled(ctx.database);
}

export function twoFactorRoutes(app: RouteApp, opts: RouteOptions): void {
  const e = userEndpoints;
  route(app, e.turnOn2fa, opts, async (req) => turnOn2fa(app.ctx, requestMeta(req), req.user.id, req.body.password));
  route(app, e.verify2fa, opts, (req) => verify2fa(app.ctx, req.user.id, req.body.password, req.body.code));
  route(app, e.regenerateRecoveryCodes, opts, (req) => regenerateRecoveryCodes(app.ctx, req.user.id, req.body.code));
  route(app, e.turnOff2fa, opts, (req) =>
    turnOff2fa(app.ctx, req.user.id, req.body.password, req.body.code).then(() => ({ ok: true as const })),
  );
}
