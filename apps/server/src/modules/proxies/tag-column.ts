import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { proxies, rotatingKeys } from '../../db/schema/index.js';
import { scopeFilter, type ProxyScope } from './queries.js';

/** The tag column of proxies and keys, as modules/tags reads and sets it (tags are that module's). */

/** How many proxies (or, for `keys`, keys) each of these tags holds; an empty tag is absent. */
export async function countTagged(db: DbOrTx, tagIds: string[], keys: boolean): Promise<Map<string, number>> {
  if (tagIds.length === 0) {
    return new Map();
  }
  const ids = sql.join(
    tagIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ tag_id: string; n: string | number }>(
    db,
    keys
      ? sql`select tag_id, count(*) as n from rotating_keys where tag_id in (${ids}) group by tag_id`
      : sql`select tag_id, count(*) as n from proxies where tag_id in (${ids}) group by tag_id`,
  );
  return new Map(rows.map((r) => [r.tag_id, Number(r.n)]));
}

/** Takes every proxy and key out of the tag, in the caller's transaction (before the tag is deleted). */
export async function untagAll(tx: DbOrTx, tagId: string): Promise<void> {
  await tx.update(proxies).set({ tagId: null }).where(eq(proxies.tagId, tagId));
  await tx.update(rotatingKeys).set({ tagId: null }).where(eq(rotatingKeys.tagId, tagId));
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
