import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { hmacHex } from '../../lib/crypto.js';
import { claimRecoveryCode, replaceRecoveryCodeRows } from './repository.js';

/** docs/security.md#two-factor: how many codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;
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
export async function spendRecoveryCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  return claimRecoveryCode(ctx.db, userId, hashOf(ctx, userId, code), ctx.clock.now());
}
