import {
  addDays,
  dayIn,
  dayStartIn,
  PAYMENT_METHODS,
  SPEND_TRANSACTION_TYPES,
  statsEndpoints,
  type TStatsDaily,
  type TStatsDay,
} from '@proxy/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { statsDaily as statsDailyTable } from '../../db/schema/index.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { iso, list, rangeOf, type SiteDays } from './queries.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const RENEW_TYPES = ['renew', 'auto_renew', 'renew_key', 'auto_renew_key', 'renew_private', 'auto_renew_private'];

/** Per day in the zone `tz`, in [from, to): revenue and renewal count from the ledger. */
async function ledgerDaily(db: DbOrTx, siteId: string, tz: string, from: Date, to: Date) {
  return queryRows<{ day: string; revenue: string; renewals: string }>(
    db,
    sql`select to_char((created_at at time zone ${tz})::date, 'YYYY-MM-DD') as day,
        -sum(amount) as revenue,
        count(*) filter (where type in (${list(RENEW_TYPES)})) as renewals
      from transactions
      where site_id = ${siteId} and created_at >= ${iso(from)} and created_at < ${iso(to)}
        and type in (${list(SPEND_TRANSACTION_TYPES)})
      group by 1`,
  );
}

async function topupsDaily(db: DbOrTx, siteId: string, tz: string, from: Date, to: Date) {
  return queryRows<{ day: string; method: string; amount: string }>(
    db,
    sql`select to_char((credited_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, method,
        sum(amount) as amount
      from topups
      where site_id = ${siteId} and status = 'success' and credited_at >= ${iso(from)} and credited_at < ${iso(to)}
      group by 1, 2`,
  );
}

async function usersDaily(db: DbOrTx, siteId: string, tz: string, from: Date, to: Date) {
  return queryRows<{ day: string; n: string }>(
    db,
    sql`select to_char((created_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, count(*) as n
      from users where site_id = ${siteId} and role = 1 and created_at >= ${iso(from)} and created_at < ${iso(to)}
      group by 1`,
  );
}

/** Orders placed per day (a later cancellation shows as its refund in the revenue); proxies sold counts the proxy quantities (not keys). */
async function ordersDaily(db: DbOrTx, siteId: string, tz: string, from: Date, to: Date) {
  return queryRows<{ day: string; orders: string; proxies: string }>(
    db,
    sql`select to_char((created_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, count(*) as orders,
        coalesce(sum(quantity) filter (where product in ('v6', 'v4')), 0) as proxies
      from orders where site_id = ${siteId} and created_at >= ${iso(from)} and created_at < ${iso(to)}
      group by 1`,
  );
}

/** The rollup's rows of closed days in [from, to) (YYYY-MM-DD), counted in the zone `tz`. */
async function rollupRows(db: DbOrTx, siteId: string, tz: string, from: string, to: string) {
  return queryRows<{ day: string; metric: string; value: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, metric, value from stats_daily
      where site_id = ${siteId} and time_zone = ${tz} and day >= ${from} and day < ${to}`,
  );
}

/** Stores computed closed days; a day another instance stored first is kept as it is. */
async function insertRollup(
  db: DbOrTx,
  rows: { siteId: string; timeZone: string; day: string; metric: string; value: number }[],
) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(statsDailyTable)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

async function allSites(db: DbOrTx): Promise<SiteDays[]> {
  const rows = await queryRows<{ id: string; time_zone: string }>(db, sql`select id, time_zone from sites order by id`);
  return rows.map((r) => ({ id: r.id, timeZone: r.time_zone }));
}

function emptyDay(date: string): TStatsDay {
  const topups = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as TStatsDay['topups'];
  return { date, revenue: 0, topups, newUsers: 0, orders: 0, proxiesSold: 0, renewals: 0 };
}

type DayMap = Map<string, TStatsDay>;

/** Computes the figures of [from, to) from the source tables into `days`. */
async function computeDays(ctx: Ctx, site: SiteDays, from: Date, to: Date, days: DayMap): Promise<void> {
  const { id: siteId, timeZone: tz } = site;
  const [ledger, topups, users, orders] = await Promise.all([
    ledgerDaily(ctx.db, siteId, tz, from, to),
    topupsDaily(ctx.db, siteId, tz, from, to),
    usersDaily(ctx.db, siteId, tz, from, to),
    ordersDaily(ctx.db, siteId, tz, from, to),
  ]);
  for (const r of ledger) {
    const d = days.get(r.day);
    if (d) {
      d.revenue = Number(r.revenue);
      d.renewals = Number(r.renewals);
    }
  }
  for (const r of topups) {
    const d = days.get(r.day);
    if (d && r.method in d.topups) {
      d.topups[r.method as keyof TStatsDay['topups']] = Number(r.amount);
    }
  }
  for (const r of users) {
    const d = days.get(r.day);
    if (d) {
      d.newUsers = Number(r.n);
    }
  }
  for (const r of orders) {
    const d = days.get(r.day);
    if (d) {
      d.orders = Number(r.orders);
      d.proxiesSold = Number(r.proxies);
    }
  }
}

const METRICS = ['revenue', 'renewals', 'newUsers', 'orders', 'proxiesSold'] as const;

function rollupOf({ id: siteId, timeZone }: SiteDays, d: TStatsDay) {
  const day = { siteId, timeZone, day: d.date };
  return [
    ...METRICS.map((metric) => ({ ...day, metric, value: d[metric] })),
    ...PAYMENT_METHODS.map((m) => ({ ...day, metric: `topup:${m}`, value: d.topups[m] })),
    { ...day, metric: '_done', value: 1 },
  ];
}

function applyRollup(d: TStatsDay, metric: string, value: number): void {
  if (metric.startsWith('topup:')) {
    const m = metric.slice(6) as keyof TStatsDay['topups'];
    if (m in d.topups) {
      d.topups[m] = value;
    }
  } else if ((METRICS as readonly string[]).includes(metric)) {
    d[metric as (typeof METRICS)[number]] = value;
  }
}

/**
 * GET /api/stats/admin/get-stats-daily: every day of the range in the site's time zone. Closed days (before today) come from the
 * stats_daily rollup of that zone, and those not in it yet are computed once and stored; today is
 * always computed live.
 */
export async function statsDaily(ctx: Ctx, site: SiteDays, q: { from: string; to: string }): Promise<TStatsDaily> {
  const { from, to } = rangeOf(q, site.timeZone);
  const todayDay = dayIn(ctx.clock.now(), site.timeZone);
  const today = dayStartIn(todayDay, site.timeZone);
  const days: DayMap = new Map();
  for (let date = q.from; date <= q.to; date = addDays(date, 1)) {
    days.set(date, emptyDay(date));
  }
  const closedTo = new Date(Math.min(to.getTime(), today.getTime()));
  const closedToDay = q.to < todayDay ? addDays(q.to, 1) : todayDay;
  if (from < closedTo) {
    const done = new Set<string>();
    for (const r of await rollupRows(ctx.db, site.id, site.timeZone, q.from, closedToDay)) {
      const d = days.get(r.day);
      if (d) {
        applyRollup(d, r.metric, Number(r.value));
        done.add(r.day);
      }
    }
    const missing = [...days.keys()].filter((day) => day < closedToDay && !done.has(day));
    if (missing.length > 0) {
      const span = {
        from: dayStartIn(missing[0]!, site.timeZone),
        to: dayStartIn(addDays(missing.at(-1)!, 1), site.timeZone),
      };
      const fresh: DayMap = new Map(missing.map((day) => [day, days.get(day)!]));
      await computeDays(ctx, site, span.from, span.to, fresh);
      await insertRollup(
        ctx.db,
        missing.flatMap((day) => rollupOf(site, days.get(day)!)),
      );
    }
  }
  if (to > today) {
    const liveFrom = new Date(Math.max(from.getTime(), today.getTime()));
    await computeDays(ctx, site, liveFrom, to, days);
  }
  return { days: [...days.values()] };
}

/** Days the rollup job keeps ready: the presets of the analytics page reach back this far. */
const ROLLUP_DAYS = 90;

/**
 * The rollup job's sweep: every site's closed days of the last ROLLUP_DAYS, so the analytics page
 * never pays for computing them. Days already in the rollup cost one indexed read.
 */
export async function fillStatsRollup(ctx: Ctx, signal?: AbortSignal): Promise<void> {
  for (const site of await allSites(ctx.db)) {
    if (signal?.aborted) {
      return;
    }
    const today = dayIn(ctx.clock.now(), site.timeZone);
    await statsDaily(ctx, site, { from: addDays(today, -ROLLUP_DAYS), to: addDays(today, -1) });
  }
}

export function statsDailyRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, statsEndpoints.statsDaily, opts, async (req) => statsDaily(app.ctx, req.site, req.query));
}
