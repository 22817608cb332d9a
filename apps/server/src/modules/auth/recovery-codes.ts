import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { recoveryCodes } from '../../db/schema/index.js';
import { hmacHex } from '../../lib/crypto.js';

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
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const now = ctx.clock.now();
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashOf(ctx, userId, code), createdAt: now })));
  return codes;
}

/** Deletes the user's recovery codes (2FA turned off). */
export async function dropRecoveryCodes(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * Spends a recovery code: true for the one request whose conditional update marks it used, false
 * for an unknown or spent code, so a code signs in once however many requests race with it.
 */
export async function spendRecoveryCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const rows = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashOf(ctx, userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return rows.length === 1;
}
