import { orderEndpoints, type TPage } from '@proxy/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { orders, users } from '../../db/schema/index.js';
import { likePattern, mapPage, pagedSelect } from '../../lib/paging.js';
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

async function listOrders(db: DbOrTx, f: OrderFilter): Promise<TPage<OrderRow & { email: string }>> {
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
  const p = await pagedSelect(
    db
      .select({ o: orders, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(w)
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(w),
    f.page,
    f.limit,
  );
  return mapPage(p, (r) => Object.assign(r.o, { email: r.email }));
}

/** GET /api/order/list-order: the caller's orders, with the expiry range of their items. */
export async function listOwnOrders(ctx: AppContext, userId: string, q: OrderListQuery) {
  const p = await listOrders(ctx.db, { ...q, userId });
  return { ...p, items: await withExpiryRange(ctx.db, p.items) };
}

/** GET /api/order/admin/list-order: a site's orders, also found by their customer's e-mail. */
export async function listSiteOrders(ctx: AppContext, siteId: string, q: OrderListQuery & { userId?: string }) {
  const p = await listOrders(ctx.db, { ...q, siteId, searchEmail: true });
  return mapPage(p, (o) => Object.assign(toOrder(o), { userId: o.userId, email: o.email }));
}

/** The customer's list and the admin's (requireAdmin on top of the plugin's hooks). */
export function listOrdersRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, orderEndpoints.listOrder, opts, async (req) => listOwnOrders(app.ctx, req.user.id, req.query));
  route(app, orderEndpoints.adminListOrder, { ...opts, preHandler: requireAdmin }, async (req) =>
    listSiteOrders(app.ctx, req.site.id, req.query),
  );
}
