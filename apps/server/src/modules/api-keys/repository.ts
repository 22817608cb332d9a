import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The key row of a user (undefined before the first generate or allowed-IPs call). */
export async function findApiKey(db: DbOrTx, userId: string): Promise<ApiKeyRow | undefined> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).limit(1);
  return rows[0];
}

/** The user a key hash belongs to, with the key's allowed addresses: the one query of a keyed request. */
export async function findUserByKeyHash(
  db: DbOrTx,
  keyHash: string,
): Promise<{ user: UserRow; allowedIps: string[]; hint: string | null } | undefined> {
  const rows = await db
    .select({ user: users, allowedIps: apiKeys.allowedIps, hint: apiKeys.hint })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return rows[0];
}

/**
 * Replaces the user's key by one statement: concurrent rotations serialise on the row and the last
 * one committed is the only key that works.
 */
export async function upsertKeyHash(
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

/** Locks the user's key row for a read-modify-write of its allowed IPs (created empty when missing). */
export async function lockApiKey(db: DbOrTx, userId: string, siteId: string, now: Date): Promise<ApiKeyRow> {
  await db.insert(apiKeys).values({ userId, siteId, updatedAt: now }).onConflictDoNothing();
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).for('update').limit(1);
  return rows[0]!;
}

export async function updateAllowedIps(db: DbOrTx, userId: string, allowedIps: string[], now: Date): Promise<void> {
  await db.update(apiKeys).set({ allowedIps, updatedAt: now }).where(eq(apiKeys.userId, userId));
}
