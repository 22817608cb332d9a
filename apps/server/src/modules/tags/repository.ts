import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { proxies, rotatingKeys, tags } from '../../db/schema/index.js';
import { scopeFilter, type ProxyScope } from '../proxies/index.js';

export type TagType = 'v6' | 'v4' | 'key';
export type TagRow = typeof tags.$inferSelect;

/** The user's tags of one type, with how many proxies (or keys) each holds, by name. */
export async function listTagsWithCounts(
  db: DbOrTx,
  userId: string,
  tagType: TagType,
): Promise<{ id: string; name: string; count: number }[]> {
  const rows = await queryRows<{ id: string; name: string; count: string | number }>(
    db,
    tagType === 'key'
      ? sql`select t.id, t.name, (select count(*) from rotating_keys k where k.tag_id = t.id) as count
            from tags t where t.user_id = ${userId} and t.tag_type = 'key' order by lower(t.name)`
      : sql`select t.id, t.name, (select count(*) from proxies p where p.tag_id = t.id) as count
            from tags t where t.user_id = ${userId} and t.tag_type = ${tagType} order by lower(t.name)`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));
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

/** Untags its proxies and keys, then deletes the tag: call inside one transaction. */
export async function deleteTagAndUntag(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(proxies).set({ tagId: null }).where(eq(proxies.tagId, id));
  await tx.update(rotatingKeys).set({ tagId: null }).where(eq(rotatingKeys.tagId, id));
  await tx.delete(tags).where(eq(tags.id, id));
}

/** Locks the user's proxies of this type among `ids` that the scope serves; returns the ids found. */
export async function lockUserProxiesOfType(
  tx: DbOrTx,
  userId: string,
  type: 'v6' | 'v4',
  scope: ProxyScope,
  ids: string[],
): Promise<{ id: string }[]> {
  return tx
    .select({ id: proxies.id })
    .from(proxies)
    .where(and(inArray(proxies.id, ids), eq(proxies.userId, userId), eq(proxies.type, type), ...scopeFilter(scope)))
    .for('update');
}

/** Puts the proxies under the tag, or (untag) takes out those that are under it. */
export async function setProxiesTag(tx: DbOrTx, ids: string[], tagId: string, untag: boolean): Promise<void> {
  await tx
    .update(proxies)
    .set({ tagId: untag ? null : tagId })
    .where(untag ? and(inArray(proxies.id, ids), eq(proxies.tagId, tagId)) : inArray(proxies.id, ids));
}

/** Locks the user's keys among `ids`; returns the ids found. */
export async function lockUserKeys(tx: DbOrTx, userId: string, ids: string[]): Promise<{ id: string }[]> {
  return tx
    .select({ id: rotatingKeys.id })
    .from(rotatingKeys)
    .where(and(inArray(rotatingKeys.id, ids), eq(rotatingKeys.userId, userId)))
    .for('update');
}

/** Puts the keys under the tag, or (untag) takes out those that are under it. */
export async function setKeysTag(tx: DbOrTx, ids: string[], tagId: string, untag: boolean): Promise<void> {
  await tx
    .update(rotatingKeys)
    .set({ tagId: untag ? null : tagId })
    .where(untag ? and(inArray(rotatingKeys.id, ids), eq(rotatingKeys.tagId, tagId)) : inArray(rotatingKeys.id, ids));
}
