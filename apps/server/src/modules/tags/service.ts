import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TTag } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { proxies, rotatingKeys, tags } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { scopeFilter, type ProxyScope } from '../orders/repository.js';

type TagType = 'v6' | 'v4' | 'key';

export async function listTags(ctx: AppContext, userId: string, tagType: TagType): Promise<TTag[]> {
  const rows = await queryRows<{ id: string; name: string; count: string | number }>(
    ctx.db,
    tagType === 'key'
      ? sql`select t.id, t.name, (select count(*) from rotating_keys k where k.tag_id = t.id) as count
            from tags t where t.user_id = ${userId} and t.tag_type = 'key' order by lower(t.name)`
      : sql`select t.id, t.name, (select count(*) from proxies p where p.tag_id = t.id) as count
            from tags t where t.user_id = ${userId} and t.tag_type = ${tagType} order by lower(t.name)`,
  );
  return rows.map((r) => ({ id: r.id, tagName: r.name, tagType, count: Number(r.count) }));
}

async function ownTag(ctx: AppContext, userId: string, id: string) {
  const [tag] = await ctx.db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)))
    .limit(1);
  if (!tag) {
    throw new AppError('TAG_NOT_EXISTS');
  }
  return tag;
}

export async function createTag(ctx: AppContext, userId: string, tagType: TagType, name: string): Promise<TTag> {
  try {
    const [row] = await ctx.db
      .insert(tags)
      .values({ id: randomUUID(), userId, tagType, name, createdAt: ctx.clock.now() })
      .returning();
    return { id: row!.id, tagName: row!.name, tagType, count: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('TAG_ALREADY_EXISTS');
    }
    throw err;
  }
}

export async function renameTag(ctx: AppContext, userId: string, id: string, name: string): Promise<void> {
  await ownTag(ctx, userId, id);
  try {
    await ctx.db.update(tags).set({ name }).where(eq(tags.id, id));
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('TAG_ALREADY_EXISTS');
    }
    throw err;
  }
}

export async function deleteTag(ctx: AppContext, userId: string, id: string): Promise<void> {
  await ownTag(ctx, userId, id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(proxies).set({ tagId: null }).where(eq(proxies.tagId, id));
    await tx.update(rotatingKeys).set({ tagId: null }).where(eq(rotatingKeys.tagId, id));
    await tx.delete(tags).where(eq(tags.id, id));
  });
}

/**
 * Puts the caller's proxies (of the tag's type) under a tag, or takes them out of it. Only the
 * proxies the route serves count (`scope`: /api/bought-proxy is the package proxies alone), as
 * in every other proxy call; any other id is unknown.
 */
export async function tagProxies(
  ctx: AppContext,
  userId: string,
  scope: ProxyScope,
  tagId: string,
  ids: string[],
  untag = false,
): Promise<void> {
  const tag = await ownTag(ctx, userId, tagId);
  if (tag.tagType === 'key') {
    throw new AppError('TAG_NOT_EXISTS');
  }
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: proxies.id })
      .from(proxies)
      .where(
        and(
          inArray(proxies.id, unique),
          eq(proxies.userId, userId),
          eq(proxies.type, tag.tagType as 'v6' | 'v4'),
          ...scopeFilter(scope),
        ),
      )
      .for('update');
    if (rows.length !== unique.length) {
      throw new AppError('PROXY_NOT_EXISTS');
    }
    await tx
      .update(proxies)
      .set({ tagId: untag ? null : tagId })
      .where(untag ? and(inArray(proxies.id, unique), eq(proxies.tagId, tagId)) : inArray(proxies.id, unique));
  });
}

export async function tagKeys(
  ctx: AppContext,
  userId: string,
  tagId: string,
  ids: string[],
  untag = false,
): Promise<void> {
  const tag = await ownTag(ctx, userId, tagId);
  if (tag.tagType !== 'key') {
    throw new AppError('TAG_NOT_EXISTS');
  }
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: rotatingKeys.id })
      .from(rotatingKeys)
      .where(and(inArray(rotatingKeys.id, unique), eq(rotatingKeys.userId, userId)))
      .for('update');
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    await tx
      .update(rotatingKeys)
      .set({ tagId: untag ? null : tagId })
      .where(
        untag ? and(inArray(rotatingKeys.id, unique), eq(rotatingKeys.tagId, tagId)) : inArray(rotatingKeys.id, unique),
      );
  });
}
