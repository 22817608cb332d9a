import { randomInt } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { RECOVERY_CODE_PATTERN } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { recoveryCodes, users } from '../../db/schema/index.js';
import { decryptSecret, hmacHex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { matchTotp } from '../../lib/totp.js';
import type { User } from './queries.js';

/**
 * The second factor (docs/security.md#two-factor): the app's TOTP code, each time step spent once,
 * and the recovery codes, of which only the HMAC is stored.
 */

/** docs/security.md#two-factor: how many codes a set holds. */
const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function newCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) {
    s += ALPHABET[randomInt(ALPHABET.length)];
  }
  // 50 random bits each: guessing one online is hopeless, and only the HMAC is stored.
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

function hashOf(ctx: AppContext, userId: string, code: string): string {
  return hmacHex(ctx.keys.otp, `recovery:${userId}:${code.trim().toLowerCase()}`);
}

/** Replaces the user's recovery codes with a new set and returns it, in the caller's transaction. */
export async function replaceRecoveryCodes(ctx: AppContext, tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = codes.map((code) => hashOf(ctx, userId, code));
  await replaceRecoveryCodeRows(tx, userId, hashes, ctx.clock.now());
  return codes;
}

/** Deletes the user's recovery codes (2FA turned off). */
export async function dropRecoveryCodes(tx: DbOrTx, userId: string): Promise<void> {
  await replaceRecoveryCodeRows(tx, userId, [], new Date(0));
}

/**
 * Spends a recovery code: true for the one request whose conditional update marks it used, false
 * for an unknown or spent code, so a code signs in once however many requests race with it.
 */
async function spendRecoveryCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  return claimRecoveryCode(ctx.db, userId, hashOf(ctx, userId, code), ctx.clock.now());
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
 * Spends a TOTP time step: true for the one request that moves the user's last step forward,
 * false for every other, so a code logs in once however many requests race with it.
 */
async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), sql`${users.twoFactorLastStep} < ${step}`)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Replaces the user's recovery codes with these hashes (2FA on, or a new set). */
async function replaceRecoveryCodeRows(db: DbOrTx, userId: string, hashes: string[], at: Date): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0) {
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
  }
}

/** Marks one unused recovery code used: true for the one request whose update took it. */
async function claimRecoveryCode(db: DbOrTx, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return rows.length === 1;
}
