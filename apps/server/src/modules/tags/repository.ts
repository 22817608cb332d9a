import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tags } from '../../db/schema/index.js';

export type TagType = 'v6' | 'v4' | 'key';
export type TagRow = typeof tags.$inferSelect;

/** The user's tags of one type, by name. */
export async function listTags(db: DbOrTx, userId: string, tagType: TagType): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, userId), eq(tags.tagType, tagType)))
    .orderBy(sql`lower(${tags.name})`);
}

export async function findUserTag(db: DbOrTx, userId: string, id: string): Promise<TagRow | undefined> {
  const [tag] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)))
    .limit(1);
  return tag;
}

/** Throws the unique violation of (user, type, name) to the caller. */
export async function insertTag(db: DbOrTx, values: typeof tags.$inferInsert): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

export async function renameTagRow(db: DbOrTx, id: string, name: string): Promise<void> {
  await db.update(tags).set({ name }).where(eq(tags.id, id));
}

/** Deletes the tag; its proxies and keys are untagged first, in the same transaction. */
export async function deleteTagRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(tags).where(eq(tags.id, id));
}
