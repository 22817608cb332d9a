import { statsEndpoints, type TStatsBreakdown } from '@proxy/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { iso, n, rangeOf, type SiteDays } from './queries.js';

async function ordersByProduct(db: DbOrTx, siteId: string, from: Date, to: Date) {
  const rows = await queryRows<{ type: string; orders: string; items: string; revenue: string }>(
    db,
    sql`select type, count(*) as orders, coalesce(sum(quantity), 0) as items, coalesce(sum(total_price), 0) as revenue
      from orders where site_id = ${siteId} and status <> 'cancelled'
        and created_at >= ${iso(from)} and created_at < ${iso(to)}
      group by type order by type`,
  );
  return rows.map((r) => ({ product: r.type, orders: n(r.orders), proxiesSold: n(r.items), revenue: n(r.revenue) }));
}

/**
 * Renewals per product and country, counted in orders: renewed = orders with a successful renewal
 * in the range; lapsed = orders with a item that expired in the range without being renewed.
 */
async function renewalsByCountry(db: DbOrTx, siteId: string, from: Date, to: Date) {
  return queryRows<{ product: string; country: string; renewed: string; lapsed: string }>(
    db,
    sql`with renewed as (
        select distinct o.id, o.product, o.country from order_logs l join orders o on o.id = l.order_id
        where o.site_id = ${siteId} and l.action = 'renew' and l.result = 'success'
          and l.created_at >= ${iso(from)} and l.created_at < ${iso(to)}),
      lapsed as (
        select distinct o.id, o.product, o.country from (
          select order_id from proxies where site_id = ${siteId} and status <> 'using'
            and expires_at >= ${iso(from)} and expires_at < ${iso(to)}
          union all
          select order_id from rotating_keys where site_id = ${siteId} and status <> 'using'
            and expires_at >= ${iso(from)} and expires_at < ${iso(to)}) u
        join orders o on o.id = u.order_id
        where o.id not in (select id from renewed))
      select product, country, sum(r) as renewed, sum(l) as lapsed from (
        select product, country, 1 as r, 0 as l from renewed
        union all select product, country, 0, 1 from lapsed) x
      group by product, country order by product, country`,
  );
}

/** GET /api/stats/admin/get-stats-breakdown: orders per product and renewal rates per product and country. */
export async function statsBreakdown(
  ctx: Pick<AppContext, 'db'>,
  site: SiteDays,
  q: { from: string; to: string },
): Promise<TStatsBreakdown> {
  const siteId = site.id;
  const { from, to } = rangeOf(q, site.timeZone);
  const [products, renewals] = await Promise.all([
    ordersByProduct(ctx.db, siteId, from, to),
    renewalsByCountry(ctx.db, siteId, from, to),
  ]);
  return {
    products,
    renewals: renewals.map((r) => {
      const renewed = Number(r.renewed);
      const expired = renewed + Number(r.lapsed);
      return { product: r.product, country: r.country, renewed, expired, rate: expired > 0 ? renewed / expired : null };
    }),
  };
}

export function statsBreakdownRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, statsEndpoints.statsBreakdown, opts, async (req) => statsBreakdown(app.ctx, req.site, req.query));
}
