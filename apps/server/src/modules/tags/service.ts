import { randomUUID } from 'node:crypto';
import type { TTag } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import {
  countTagged,
  lockUserKeys,
  lockUserProxiesOfType,
  setKeysTag,
  setProxiesTag,
  untagAll,
  type ProxyScope,
} from '../proxies/index.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './repository.js';
import type { TagType } from './repository.js';

export async function listTags(ctx: AppContext, userId: string, tagType: TagType): Promise<TTag[]> {
  const rows = await repo.listTags(ctx.db, userId, tagType);
  const counts = await countTagged(
    ctx.db,
    rows.map((r) => r.id),
    tagType === 'key',
  );
  return rows.map((r) => ({ id: r.id, tagName: r.name, tagType, count: counts.get(r.id) ?? 0 }));
}

async function ownTag(ctx: AppContext, userId: string, id: string) {
  const tag = await repo.findUserTag(ctx.db, userId, id);
  if (!tag) {
    throw new AppError('TAG_NOT_EXISTS');
  }
  return tag;
}

export async function createTag(ctx: AppContext, userId: string, tagType: TagType, name: string): Promise<TTag> {
  try {
    const row = await repo.insertTag(ctx.db, { id: randomUUID(), userId, tagType, name, createdAt: ctx.clock.now() });
    return { id: row.id, tagName: row.name, tagType, count: 0 };
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
    await repo.renameTagRow(ctx.db, id, name);
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
    await untagAll(tx, id);
    await repo.deleteTagRow(tx, id);
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
    const rows = await lockUserProxiesOfType(tx, userId, tag.tagType as 'v6' | 'v4', scope, unique);
    if (rows.length !== unique.length) {
      throw new AppError('PROXY_NOT_EXISTS');
    }
    await setProxiesTag(tx, unique, tagId, untag);
    await recordAudit(ctx, tx, {
      userId,
      action: untag ? 'proxy.untag' : 'proxy.tag',
      targetType: 'proxy',
      targetIds: unique,
      detail: { tag: tag.name },
    });
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
    const rows = await lockUserKeys(tx, userId, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    await setKeysTag(tx, unique, tagId, untag);
    await recordAudit(ctx, tx, {
      userId,
      action: untag ? 'key.untag' : 'key.tag',
      targetType: 'key',
      targetIds: unique,
      detail: { tag: tag.name },
    });
  });
}
