import { sql } from 'drizzle-orm';
import { marginEndpoints, type TMargin, type TStatsRangeQuery } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';

/**
 * GET /api/stats/admin/margin?from&to: what the site's resold proxies brought (the customer's
 * coins for purchases and renewals) against what they cost upstream, per supplier, per UTC day
 * (as the other statistics count days) and per product and country. One charge row is written
 * per paid purchase or renewal of a supplier proxy, so this is a sum over them.
 */

const DAY = 86_400_000;

export async function margin(ctx: AppContext, siteId: string, q: TStatsRangeQuery): Promise<TMargin> {
  const from = new Date(`${q.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY);
  const range = sql`site_id = ${siteId} and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}`;
  type Sums = { revenue: string | number; cost: string | number };
  const figures = (r: Sums) => {
    const revenue = Number(r.revenue);
    const cost = Number(r.cost);
    return { revenue, cost, margin: revenue - cost };
  };
  const bySupplier = await queryRows<Sums & { supplier_id: string; name: string; proxies: string | number }>(
    ctx.db,
    sql`select c.supplier_id, coalesce(max(s.name), max(c.supplier_name)) as name,
               count(distinct c.proxy_id) as proxies, sum(c.revenue) as revenue, sum(c.cost) as cost
        from supplier_charges c left join suppliers s on s.id = c.supplier_id
        where c.site_id = ${siteId} and c.created_at >= ${from.toISOString()} and c.created_at < ${to.toISOString()}
        group by c.supplier_id order by name`,
  );
  const daily = await queryRows<Sums & { day: string }>(
    ctx.db,
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, sum(revenue) as revenue, sum(cost) as cost
        from supplier_charges where ${range} group by 1`,
  );
  const byCountry = await queryRows<Sums & { product: 'v4' | 'v6'; country: string }>(
    ctx.db,
    sql`select product, country, sum(revenue) as revenue, sum(cost) as cost
        from supplier_charges where ${range} group by product, country order by product, country`,
  );
  const days: TMargin['daily'] = [];
  for (let t = from.getTime(); t < to.getTime(); t += DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    const row = daily.find((d) => d.day === day);
    days.push({ day, ...(row ? figures(row) : { revenue: 0, cost: 0, margin: 0 }) });
  }
  const total = bySupplier.reduce(
    (s, r) => ({ revenue: s.revenue + Number(r.revenue), cost: s.cost + Number(r.cost) }),
    {
      revenue: 0,
      cost: 0,
    },
  );
  return {
    ...figures(total),
    bySupplier: bySupplier.map((r) => ({
      supplierId: r.supplier_id,
      name: r.name,
      proxies: Number(r.proxies),
      ...figures(r),
    })),
    daily: days,
    byCountry: byCountry.map((r) => ({ product: r.product, country: r.country, ...figures(r) })),
  };
}

export function marginRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, marginEndpoints.margin, opts, async (req) => margin(app.ctx, req.site.id, req.query));
}
