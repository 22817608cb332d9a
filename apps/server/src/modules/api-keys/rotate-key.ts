import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys } from '../../db/schema/index.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { recordAudit } from '../audit/index.js';
import { updateUser, type User } from '../auth/index.js';
import { KEY_PREFIX } from './authenticate-key.js';

/** What screens show of a key: its first and last characters. */
function keyHint(key: string): string {
  return `${key.slice(0, 7)}…${key.slice(-4)}`;
}

/**
 * POST /api/user/generate-key (modules/user serves it): a new key for the user; the previous one
 * stops working when this commits. Only this returns the key.
 */
export async function rotateApiKey(ctx: AppContext, user: Pick<User, 'id' | 'siteId'>): Promise<string> {
  const apiKey = `${KEY_PREFIX}${randomToken(24)}`;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await upsertKeyHash(tx, {
      userId: user.id,
      siteId: user.siteId,
      keyHash: sha256Hex(apiKey),
      hint: keyHint(apiKey),
      now,
    });
    // GET /api/user/me shows the same masked key.
    await updateUser(tx, user.id, { apiKey: keyHint(apiKey), updatedAt: now });
    await recordAudit(ctx, tx, {
      userId: user.id,
      action: 'api-key.generate',
      targetType: 'api-key',
      detail: { hint: keyHint(apiKey) },
    });
  });
  return apiKey;
}

/**
 * Replaces the user's key by one statement: concurrent rotations serialise on the row and the last
 * one committed is the only key that works.
 */
async function upsertKeyHash(
  db: DbOrTx,
  v: { userId: string; siteId: string; keyHash: string; hint: string; now: Date },
): Promise<void> {
  await db
    .insert(apiKeys)
    .values({ ...v, rotatedAt: v.now, updatedAt: v.now })
    .onConflictDoUpdate({
      target: apiKeys.userId,
      set: { keyHash: v.keyHash, hint: v.hint, rotatedAt: v.now, updatedAt: v.now },
    });
}
