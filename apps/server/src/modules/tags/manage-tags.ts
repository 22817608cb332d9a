import { randomUUID } from 'node:crypto';
import { tagEndpoints, type TTag } from '@proxy/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { tags } from '../../db/schema/index.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { countTagged, untagAll } from '../proxies/index.js';
import { ok, ownTag, uniqueName, type TagType } from './queries.js';

/** GET /api/tag/list-tag: the caller's tags of one type, by name, each with what it holds. */
export async function listTags(ctx: AppContext, userId: string, tagType: TagType): Promise<TTag[]> {
  const rows = await ctx.db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, userId), eq(tags.tagType, tagType)))
    .orderBy(sql`lower(${tags.name})`);
  const counts = await countTagged(
    ctx.db,
    rows.map((r) => r.id),
    tagType === 'key',
  );
  return rows.map((r) => ({ id: r.id, tagName: r.name, tagType, count: counts.get(r.id) ?? 0 }));
}

export async function createTag(ctx: AppContext, userId: string, tagType: TagType, name: string): Promise<TTag> {
  const [row] = await uniqueName(() =>
    ctx.db.insert(tags).values({ id: randomUUID(), userId, tagType, name, createdAt: ctx.clock.now() }).returning(),
  );
  return { id: row!.id, tagName: row!.name, tagType, count: 0 };
}

export async function renameTag(ctx: AppContext, userId: string, id: string, name: string): Promise<void> {
  await ownTag(ctx.db, userId, id);
  await uniqueName(() => ctx.db.update(tags).set({ name }).where(eq(tags.id, id)));
}

/** Its proxies and keys are untagged first, in the same transaction. */
export async function deleteTag(ctx: AppContext, userId: string, id: string): Promise<void> {
  await ownTag(ctx.db, userId, id);
  await ctx.db.transaction(async (tx) => {
    await untagAll(tx, id);
    await tx.delete(tags).where(eq(tags.id, id));
  });
}

/** /api/tag/… (docs/wire-contract.md#tags). */
export function manageTagRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, tagEndpoints.listTags, opts, async (req) => listTags(app.ctx, req.user.id, req.query.tagType));
  route(app, tagEndpoints.createTag, opts, async (req) =>
    createTag(app.ctx, req.user.id, req.query.tagType, req.body.tagName),
  );
  route(app, tagEndpoints.updateTag, opts, async (req) => {
    await renameTag(app.ctx, req.user.id, req.params.id, req.body.tagName);
    return ok;
  });
  route(app, tagEndpoints.deleteTag, opts, async (req) => {
    await deleteTag(app.ctx, req.user.id, req.params.id);
    return ok;
  });
}
