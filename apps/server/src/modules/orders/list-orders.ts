import { orderEndpoints } from '@proxy/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { orders, users } from '../../db/schema/index.js';
import { likePattern, offsetOf, toPage } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { requireAdmin } from '../../plugins/auth.js';
import { toOrder, type OrderRow } from './mapper.js';
import { withExpiryRange } from './queries.js';

interface OrderFilter {
  userId?: string;
  siteId?: string;
  status?: OrderRow['status'];
  type?: OrderRow['type'];
  types?: OrderRow['type'][];
  product?: OrderRow['product'];
  search: string;
  /** The admin list also finds orders by their customer's e-mail. */
  searchEmail?: boolean;
  page: number;
  limit: number;
}

type OrderListQuery = Omit<OrderFilter, 'userId' | 'siteId' | 'searchEmail'>;

async function listOrders(
  db: DbOrTx,
  f: OrderFilter,
): Promise<{ rows: (OrderRow & { email: string })[]; total: number }> {
  const parts: (SQL | undefined)[] = [];
  if (f.userId) {
    parts.push(eq(orders.userId, f.userId));
  }
  if (f.siteId) {
    parts.push(eq(orders.siteId, f.siteId));
  }
  if (f.status) {
    parts.push(eq(orders.status, f.status));
  }
  if (f.type) {
    parts.push(eq(orders.type, f.type));
  }
  if (f.types) {
    parts.push(inArray(orders.type, f.types));
  }
  if (f.product) {
    parts.push(eq(orders.product, f.product));
  }
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(
      or(
        ilike(orders.code, p),
        ilike(orders.country, p),
        ilike(orders.packageName, p),
        ilike(orders.packageNameEng, p),
        f.searchEmail ? ilike(users.email, p) : undefined,
      ),
    );
  }
  const w = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select({ o: orders, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(w)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(f.limit)
      .offset(offsetOf(f.page, f.limit)),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(w),
  ]);
  return { rows: rows.map((r) => Object.assign(r.o, { email: r.email })), total: totals[0]?.n ?? 0 };
}

/** GET /api/order/list-order: the caller's orders, with the expiry range of their items. */
export async function listOwnOrders(ctx: AppContext, userId: string, q: OrderListQuery) {
  const r = await listOrders(ctx.db, { ...q, userId });
  return { items: await withExpiryRange(ctx.db, r.rows), total: r.total };
}

/** GET /api/order/admin/list-order: a site's orders, also found by their customer's e-mail. */
export async function listSiteOrders(ctx: AppContext, siteId: string, q: OrderListQuery & { userId?: string }) {
  const r = await listOrders(ctx.db, { ...q, siteId, searchEmail: true });
  return { items: r.rows.map((o) => Object.assign(toOrder(o), { userId: o.userId, email: o.email })), total: r.total };
}

/** The customer's list and the admin's (requireAdmin on top of the plugin's hooks). */
export function listOrdersRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, orderEndpoints.listOrder, opts, async (req) => {
    const { page, limit } = req.query;
    const r = await listOwnOrders(app.ctx, req.user.id, req.query);
    return toPage(r.items, r.total, page, limit);
  });
  route(app, orderEndpoints.adminListOrder, { ...opts, preHandler: requireAdmin }, async (req) => {
    const { page, limit } = req.query;
    const r = await listSiteOrders(app.ctx, req.site.id, req.query);
    return toPage(r.items, r.total, page, limit);
  });
}
