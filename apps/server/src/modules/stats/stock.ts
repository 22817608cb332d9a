import { statsEndpoints, type TStock } from '@proxy/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { DAY_MS, iso } from './queries.js';

const PACE_DAYS = 14;

/** Egress pools per product, country and node; shared and prefix rows do not run out (free null). */
async function stockRows(db: DbOrTx) {
  return queryRows<{ product: string; country: string; pool: string; total: string; used: string; unlimited: boolean }>(
    db,
    sql`select e.product, e.country, s.name as pool,
        count(*) filter (where not e.shared and not e.is_prefix) as total,
        count(*) filter (where not e.shared and not e.is_prefix and e.proxy_id is not null) as used,
        bool_or(e.shared or e.is_prefix) as unlimited
      from egress_ips e join nodes s on s.id = e.node_id
      group by e.product, e.country, s.name order by e.product, e.country, s.name`,
  );
}

/** Items sold since `since` per product and country, every site (the pools are shared). */
async function soldSince(db: DbOrTx, since: Date) {
  return queryRows<{ product: string; country: string; n: string }>(
    db,
    sql`select type as product, country, count(*) as n from proxies where created_at >= ${iso(since)} group by 1, 2
      union all
      select 'key', country, count(*) from rotating_keys where created_at >= ${iso(since)} group by 2`,
  );
}

/** GET /api/stats/admin/stock: the pools with how long their free addresses last at the last 14 days' pace. */
export async function stock(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<TStock> {
  const now = ctx.clock.now();
  const [rows, sold] = await Promise.all([
    stockRows(ctx.db),
    soldSince(ctx.db, new Date(now.getTime() - PACE_DAYS * DAY_MS)),
  ]);
  const pace = new Map(sold.map((s) => [`${s.product}/${s.country}`, Number(s.n) / PACE_DAYS]));
  return rows.map((r) => {
    const total = Number(r.total);
    const used = Number(r.used);
    const free = r.unlimited ? null : total - used;
    const soldPerDay = pace.get(`${r.product}/${r.country}`) ?? 0;
    return {
      type: r.product,
      country: r.country,
      pool: r.pool,
      total,
      used,
      free,
      soldPerDay: Math.round(soldPerDay * 100) / 100,
      daysLeft: free !== null && soldPerDay > 0 ? Math.floor((free / soldPerDay) * 10) / 10 : null,
    };
  });
}

export function stockRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, statsEndpoints.stock, opts, async () => stock(app.ctx));
}
