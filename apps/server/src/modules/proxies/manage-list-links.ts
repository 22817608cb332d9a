import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { toolLinkEndpoints, type TListLink } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { proxyListLinks, tags } from '../../db/schema/index.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';

/** List URLs one account may hold. */
export const LIST_LINKS_MAX = 50;

type ListFilter = (typeof proxyListLinks.$inferSelect)['filter'];

async function tagOwned(db: DbOrTx, userId: string, tagId: string): Promise<boolean> {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.userId, userId)));
  return rows.length > 0;
}

/** pg_advisory_xact_lock(LIST_LINKS_LOCK, hashtext(user id)): the two-key space, apart from the others'. */
const LIST_LINKS_LOCK = 0x11a7;

/** A user's list-URL creations take their turn, so the count they check is the one they insert after. */
async function lockUserListLinks(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LIST_LINKS_LOCK}, hashtext(${userId}))`);
}

async function countListLinks(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(proxyListLinks).where(eq(proxyListLinks.userId, userId));
  return row?.n ?? 0;
}

/** POST /api/proxy/list-links: the URL is shown once; only its hash is kept. */
export async function createListLink(
  ctx: AppContext,
  caller: { userId: string; siteId: string },
  input: { name: string; filter: ListFilter; format: 'txt' | 'csv' | 'json'; template?: string },
  origin: string,
) {
  if (input.filter.tagId && !(await tagOwned(ctx.db, caller.userId, input.filter.tagId))) {
    throw new AppError('TAG_NOT_EXISTS');
  }
  const token = randomToken(32);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    // The owner's list of URLs is answered whole (docs/tool-links.md), so it is bounded here; the
    // lock makes parallel creations count one after the other.
    await lockUserListLinks(tx, caller.userId);
    if ((await countListLinks(tx, caller.userId)) >= LIST_LINKS_MAX) {
      throw new AppError('VALIDATION_ERROR', { field: 'listLinks', max: LIST_LINKS_MAX });
    }
    await tx.insert(proxyListLinks).values({
      id,
      userId: caller.userId,
      siteId: caller.siteId,
      name: input.name,
      filter: input.filter,
      format: input.format,
      template: input.template ?? null,
      tokenHash: sha256Hex(token),
      createdAt: ctx.clock.now(),
    });
  });
  return { id, url: `${origin}/api/proxy/list/${token}` };
}

/** GET /api/proxy/list-links: the owner's list URLs on this site, newest first, with their fetch counts. */
export async function listListLinks(ctx: AppContext, userId: string, siteId: string): Promise<TListLink[]> {
  const rows = await ctx.db
    .select()
    .from(proxyListLinks)
    .where(and(eq(proxyListLinks.userId, userId), eq(proxyListLinks.siteId, siteId)))
    .orderBy(desc(proxyListLinks.createdAt), desc(proxyListLinks.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    filter: r.filter,
    format: r.format,
    createdAt: r.createdAt.toISOString(),
    lastFetchedAt: r.lastFetchedAt?.toISOString() ?? null,
    lastFetchIp: r.lastFetchIp,
    lastUserAgent: r.lastUserAgent,
    fetches: r.fetches,
  }));
}

/** DELETE /api/proxy/list-links/:id: the URL stops answering; another user's id is NOT_FOUND. */
export async function deleteListLink(ctx: AppContext, userId: string, siteId: string, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(proxyListLinks)
    .where(and(eq(proxyListLinks.id, id), eq(proxyListLinks.userId, userId), eq(proxyListLinks.siteId, siteId)))
    .returning({ id: proxyListLinks.id });
  if (rows.length === 0) {
    throw new AppError('NOT_FOUND');
  }
}

export function manageListLinksRoutes(app: RouteApp, auth: RouteOptions): void {
  const e = toolLinkEndpoints;
  route(app, e.createListLink, auth, async (req) =>
    createListLink(app.ctx, { userId: req.user.id, siteId: req.site.id }, req.body, requestOrigin(req)),
  );
  route(app, e.listListLinks, auth, async (req) => listListLinks(app.ctx, req.user.id, req.site.id));
  route(app, e.deleteListLink, auth, async (req) => {
    await deleteListLink(app.ctx, req.user.id, req.site.id, req.params.id);
    return { ok: true as const };
  });
}
