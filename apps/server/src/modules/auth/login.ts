import { authEndpoints, type TLoginRequest, type TLoginResponse } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { randomToken } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { countHit, hitLimit, resetLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { checkCaptcha } from './captcha.js';
import { LIMITS, requestMeta, type RequestMeta } from './guards.js';
import { meOf } from './mapper.js';
import { findLoginUser } from './queries.js';
import { auditedLogin, recordFailure, startAuditedSession } from './sign-in.js';
import { checkSecondFactor } from './two-factor.js';

let unknownHash: Promise<string> | null = null;
/** A hash no password matches, checked for an unknown address so that it costs what a known one does. */
function unknownAccountHash(): Promise<string> {
  unknownHash ??= hashPassword(randomToken(24));
  return unknownHash;
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

/** POST /api/auth/login. */
export function loginRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, authEndpoints.login, opts, async (req) => login(app.ctx, requestMeta(req), req.body));
}
