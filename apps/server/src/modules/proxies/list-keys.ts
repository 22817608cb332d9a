import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { keyEndpoints, type TKey, type TPage } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { nodes, proxies, rotatingKeys, users } from '../../db/schema/index.js';
import { likePattern, mapPage, pagedSelect } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { toKey } from '../orders/index.js';

type KeyRow = typeof rotatingKeys.$inferSelect;

async function listKeys(
  db: DbOrTx,
  f: {
    userId?: string;
    siteId?: string;
    orderId?: string;
    tagId?: string;
    status?: KeyRow['status'];
    search: string;
    /** The admin list also finds keys by their customer's e-mail. */
    searchEmail?: boolean;
    page: number;
    limit: number;
  },
): Promise<TPage<{ k: KeyRow; line: string | null; email: string }>> {
  const parts: (SQL | undefined)[] = [];
  if (f.userId) {
    parts.push(eq(rotatingKeys.userId, f.userId));
  }
  if (f.siteId) {
    parts.push(eq(rotatingKeys.siteId, f.siteId));
  }
  if (f.orderId) {
    parts.push(eq(rotatingKeys.orderId, f.orderId));
  }
  if (f.tagId) {
    parts.push(eq(rotatingKeys.tagId, f.tagId));
  }
  if (f.status) {
    parts.push(eq(rotatingKeys.status, f.status));
  }
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(
      or(
        ilike(rotatingKeys.key, p),
        ilike(rotatingKeys.comment, p),
        ilike(rotatingKeys.country, p),
        f.searchEmail ? ilike(users.email, p) : undefined,
      ),
    );
  }
  const w = and(...parts);
  return pagedSelect(
    db
      .select({
        k: rotatingKeys,
        line: sql<string | null>`case when ${proxies.id} is null then null
        else ${nodes.host} || ':' || ${proxies.port} || ':' || ${proxies.username} || ':' || ${proxies.password} end`,
        email: users.email,
      })
      .from(rotatingKeys)
      .innerJoin(users, eq(users.id, rotatingKeys.userId))
      .leftJoin(proxies, eq(proxies.id, rotatingKeys.proxyId))
      .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
      .where(w)
      .orderBy(desc(rotatingKeys.createdAt), desc(rotatingKeys.id)),
    db.select({ n: count() }).from(rotatingKeys).innerJoin(users, eq(users.id, rotatingKeys.userId)).where(w),
    f.page,
    f.limit,
  );
}

type KeyFilter = Omit<Parameters<typeof listKeys>[1], 'userId' | 'siteId' | 'searchEmail'>;

/** GET /api/key/list-key-me: the caller's keys, each with its listener's current line. */
export async function listOwnKeys(ctx: AppContext, userId: string, f: KeyFilter) {
  return mapPage(await listKeys(ctx.db, { ...f, userId }), (x) => toKey(x.k, x.line));
}

/** GET /api/key/admin/list-key-all: the admin list of a site's keys, also found by their customer's e-mail. */
export async function listSiteKeys(ctx: AppContext, siteId: string, f: KeyFilter & { userId?: string }) {
  const p = await listKeys(ctx.db, { ...f, siteId, searchEmail: true });
  return mapPage(p, (x) => Object.assign(toKey(x.k, x.line), { userId: x.k.userId, email: x.email }));
}

/** GET /api/key/export-all: one `key [host:port:user:pass]` line per key, or the keys as JSON. */
export async function exportKeys(ctx: AppContext, userId: string, format: 'txt' | 'json') {
  const r = await listKeys(ctx.db, { userId, search: '', page: 1, limit: 100_000 });
  const keys: TKey[] = r.items.map((x) => toKey(x.k, x.line));
  return {
    body:
      format === 'json'
        ? JSON.stringify(keys)
        : keys.map((k) => `${k.key}${k.current ? ` ${k.current}` : ''}`).join('\n') + '\n',
    contentType: format === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
  };
}

export function listKeysRoutes(app: RouteApp, auth: RouteOptions, admin: RouteOptions): void {
  const e = keyEndpoints;
  route(app, e.listKeyMe, auth, async (req) => listOwnKeys(app.ctx, req.user.id, req.query));
  route(app, e.exportAll, auth, async (req, reply) => {
    const out = await exportKeys(app.ctx, req.user.id, req.query.format);
    return reply
      .header('content-type', out.contentType)
      .header('content-disposition', `attachment; filename="keys.${req.query.format}"`)
      .send(out.body);
  });
  route(app, e.adminListKeyAll, admin, async (req) => listSiteKeys(app.ctx, req.site.id, req.query));
}
