import { randomUUID } from 'node:crypto';
import { ROLE, type TChangePasswordRequest, type TMe, type TTokens } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { encryptSecret, decryptSecret } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/paging.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { matchTotp, newTotpSecret, totpUrl } from '../../lib/totp.js';
import {
  findUserById,
  meView,
  revokeUserSessions,
  sessionsSettled,
  updateUser,
  findBalance,
  findOwnView,
  insertAdminUser,
  listSiteUsers,
  type UserPatch,
  type User,
  checkTotp,
  startSession,
  type RequestMeta,
  assertEmail,
  dropRecoveryCodes,
  replaceRecoveryCodes,
} from '../auth/index.js';
import { isUniqueViolation, pgErrorOf } from '../../lib/pg-errors.js';
import { rotateApiKey } from '../api-keys/index.js';
import { recordAudit } from '../audit/index.js';
import { changeBalance } from '../ledger/index.js';
import { toAdminUser } from './mapper.js';

/*
 * GET /api/user/me and get-money: the request's user may come from the session cache
 * (auth/session-cache.ts), which never answers the balance; what these show is read with the call.
 * No row: the user was deleted since the session was checked.
 */
// Promise chains, not async functions: with the request's AsyncLocalStorage on, each async
// function and each await costs a promise more, run through Node's async hooks, on two of the
// most frequent calls.
export function ownView(db: Db, userId: string): Promise<TMe> {
  return findOwnView(db, userId).then((row) => {
    const u = row ?? invalidToken();
    return meView(u, u.ownedAgencyId);
  });
}

export function money(db: Db, userId: string): Promise<{ balance: number }> {
  return findBalance(db, userId).then((balance) => ({ balance: balance ?? invalidToken() }));
}

function invalidToken(): never {
  throw new AppError('INVALID_TOKEN');
}

export async function getUser(ctx: AppContext, id: string): Promise<User> {
  const user = await findUserById(ctx.db, id);
  if (!user) {
    throw new AppError('USER_NOT_EXISTS');
  }
  return user;
}

/** docs/product-rules.md#passwords: a Google-only account (no password yet) sets one by giving the same value twice. */
export async function changePassword(
  ctx: AppContext,
  meta: RequestMeta,
  userId: string,
  body: TChangePasswordRequest,
  currentSessionId: string,
): Promise<TTokens> {
  await hitLimit(ctx.db, ctx.clock, { key: `chpw:${userId}`, max: 10, windowSec: 600 });
  const user = await getUser(ctx, userId);
  if (user.passwordHash) {
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw new AppError('WRONG_PASSWORD');
    }
  } else if (body.password !== body.newPassword) {
    throw new AppError('WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = ctx.clock.now();
  const tokens = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await recordAudit(ctx, tx, { userId: user.id, action: 'account.password', targetType: 'account' });
    // The caller goes on in a new session; its open realtime streams follow it there.
    const sessionId = randomUUID();
    await revokeUserSessions(tx, user.id, 'password_changed', now, { from: currentSessionId, to: sessionId });
    return startSession(ctx, tx, user, meta, sessionId);
  });
  await sessionsSettled(ctx.database);
  return tokens;
}

async function requirePassword(ctx: AppContext, user: User, password: string): Promise<void> {
  await hitLimit(ctx.db, ctx.clock, { key: `2fa:${user.id}`, max: 10, windowSec: 600 });
  if (!user.passwordHash) {
    throw new AppError('MISS_PASSWORD');
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('WRONG_PASSWORD');
  }
}

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

/** POST generate-key: a new developer-API key; the old one stops at once (modules/api-keys). */
export async function generateApiKey(ctx: AppContext, user: Pick<User, 'id' | 'siteId'>): Promise<string> {
  return rotateApiKey(ctx, user);
}

// ---- admin ----

export interface Actor {
  id: string;
  role: number;
  siteId: string;
}

/** The target user, in the admin's current site; anything else does not exist for this admin. */
async function adminTarget(ctx: AppContext, siteId: string, id: string): Promise<User> {
  const user = await findUserById(ctx.db, id);
  if (!user || (user.siteId !== siteId && user.role !== ROLE.OWNER)) {
    throw new AppError('USER_NOT_EXISTS');
  }
  return user;
}

function assertMayManage(actor: Actor, target: User): void {
  // A site admin manages customers; only an owner manages admins and owners.
  if (actor.role !== ROLE.OWNER && target.role !== ROLE.CUSTOMER) {
    throw new AppError('FORBIDDEN');
  }
}

/** One user of the admin's site (the customer page); another site's user does not exist. */
export async function adminGetUser(ctx: AppContext, actor: Actor, siteId: string, userId: string) {
  return toAdminUser(await adminTarget(ctx, siteId, userId), actor);
}

export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  siteId: string,
  roles: number[],
  q: { page: number; limit: number; search: string },
) {
  const { rows, total } = await listSiteUsers(ctx.db, siteId, roles, q);
  return toPage(
    rows.map((u) => toAdminUser(u, actor)),
    total,
    q.page,
    q.limit,
  );
}

export async function adminUpdateUser(
  ctx: AppContext,
  actor: Actor,
  siteId: string,
  id: string,
  body: { role?: 0 | 1 | 2; active?: boolean; emailVerified?: boolean; password?: string; disable2fa?: true },
) {
  const target = await adminTarget(ctx, siteId, id);
  assertMayManage(actor, target);
  if (body.role !== undefined && body.role !== target.role && actor.role !== ROLE.OWNER) {
    throw new AppError('FORBIDDEN');
  }
  if (target.id === actor.id && (body.role !== undefined || body.active === false)) {
    throw new AppError('FORBIDDEN');
  }
  const now = ctx.clock.now();
  const values: UserPatch = { updatedAt: now };
  if (body.role !== undefined) {
    values.role = body.role;
  }
  if (body.active !== undefined) {
    values.active = body.active;
  }
  if (body.emailVerified !== undefined) {
    values.emailVerifiedAt = body.emailVerified ? (target.emailVerifiedAt ?? now) : null;
  }
  if (body.password) {
    values.passwordHash = await hashPassword(body.password);
  }
  if (body.disable2fa) {
    Object.assign(values, { twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null });
  }
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, target.id, values);
    if (body.disable2fa) {
      await dropRecoveryCodes(tx, target.id);
    }
    if (body.active === false || body.password || body.role !== undefined) {
      await revokeUserSessions(tx, target.id, 'admin_update', now);
    }
  });
  await sessionsSettled(ctx.database);
  return toAdminUser((await findUserById(ctx.db, target.id))!, actor);
}

export async function adminSetActive(ctx: AppContext, actor: Actor, siteId: string, userId: string, active: boolean) {
  return adminUpdateUser(ctx, actor, siteId, userId, { active });
}

export async function adminAdjustBalance(
  ctx: AppContext,
  actor: Actor,
  siteId: string,
  userId: string,
  kind: 'admin_add' | 'refund',
  amount: number,
  note: string,
) {
  const target = await adminTarget(ctx, siteId, userId);
  // Money moves only for the owner, or for a site admin's own customers (never an owner or admin).
  assertMayManage(actor, target);
  const result = await ctx.db.transaction(async (tx) => {
    const changed = await changeBalance(tx, {
      userId: target.id,
      amount,
      type: kind,
      content: note || (kind === 'refund' ? 'Refund' : 'Admin top-up'),
      // An admin's note is shown as written; only the default text is translated.
      contentI18n: note ? undefined : { key: kind === 'refund' ? 'refund' : 'adminAdd', params: {} },
      refType: 'admin',
      refId: actor.id,
      actorId: actor.id,
      at: ctx.clock.now(),
    });
    await recordAudit(ctx, tx, {
      userId: target.id,
      action: 'account.balance',
      targetType: 'account',
      detail: { kind, amount, balance: changed.balanceAfter },
    });
    return changed;
  });
  return { balance: result.balanceAfter };
}

export async function createAdmin(
  ctx: AppContext,
  actor: Actor,
  siteId: string,
  body: { email: string; password: string; siteId?: string },
) {
  if (actor.role !== ROLE.OWNER) {
    throw new AppError('FORBIDDEN');
  }
  assertEmail(body.email);
  const now = ctx.clock.now();
  try {
    const row = await insertAdminUser(ctx.db, {
      id: randomUUID(),
      siteId: body.siteId ?? siteId,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      role: ROLE.SITE_ADMIN,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return toAdminUser(row, actor);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('USER_EXISTS');
    }
    if (pgErrorOf(err)?.code === '23503') {
      throw new AppError('SITE_NOT_EXISTS');
    }
    throw err;
  }
}
