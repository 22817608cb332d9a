import {
  addDays,
  dayIn,
  dayStartIn,
  monthStartDay,
  PAYMENT_METHODS,
  type TStatsBreakdown,
  type TStatsDaily,
  type TStatsDay,
  type TStock,
  type TTotalStats,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import * as repo from './repository.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
const DAY_MS = 86_400_000;
const PACE_DAYS = 14;

/** Today and this month so far in the site's time zone, and the same spans just before them. */
export function windowsAt(now: Date, timeZone: string): repo.Windows {
  const today = dayIn(now, timeZone);
  const dayStart = dayStartIn(today, timeZone);
  const monthStart = dayStartIn(monthStartDay(today), timeZone);
  const prevMonthStart = dayStartIn(monthStartDay(today, -1), timeZone);
  // The same offset into last month, clamped to its end (31 March → 28/29 February's end).
  const elapsed = now.getTime() - monthStart.getTime();
  const prevMonthNow = new Date(Math.min(prevMonthStart.getTime() + elapsed, monthStart.getTime()));
  const prevDayStart = dayStartIn(addDays(today, -1), timeZone);
  return {
    dayStart,
    prevDayStart,
    prevDayNow: new Date(prevDayStart.getTime() + (now.getTime() - dayStart.getTime())),
    monthStart,
    prevMonthStart,
    prevMonthNow,
    now,
  };
}

export async function totalStats(ctx: Ctx, site: repo.SiteDays): Promise<TTotalStats> {
  const siteId = site.id;
  const now = ctx.clock.now();
  const w = windowsAt(now, site.timeZone);
  const [revenue, users, topups, items] = await Promise.all([
    repo.revenueWindows(ctx.db, siteId, w),
    repo.userFigures(ctx.db, siteId, w.dayStart, w.monthStart),
    repo.topupFigures(ctx.db, siteId, w.dayStart),
    repo.itemFigures(ctx.db, siteId, now, new Date(now.getTime() + 7 * DAY_MS)),
  ]);
  return {
    users: users.users,
    newUsersToday: users.today,
    newUsersMonth: users.month,
    activeProxies: { v6: items.v6, v4: items.v4 },
    activeKeys: items.keys,
    balanceHeld: users.balanceHeld,
    revenueToday: revenue.today,
    revenueMonth: revenue.month,
    revenuePrevDay: revenue.prevDay,
    revenuePrevMonth: revenue.prevMonth,
    topupsToday: topups.today,
    pendingTopups: topups.pending,
    heldTopups: topups.held,
    expiringSoon: { proxies: items.expiringProxies, keys: items.expiringKeys, renewalRevenue: items.renewalRevenue },
  };
}

/** [from 00:00, the day after `to` 00:00) in the site's time zone. */
function rangeOf(q: { from: string; to: string }, timeZone: string): { from: Date; to: Date } {
  return { from: dayStartIn(q.from, timeZone), to: dayStartIn(addDays(q.to, 1), timeZone) };
}

function emptyDay(date: string): TStatsDay {
  const topups = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as TStatsDay['topups'];
  return { date, revenue: 0, topups, newUsers: 0, orders: 0, proxiesSold: 0, renewals: 0 };
}

type DayMap = Map<string, TStatsDay>;

/** Computes the figures of [from, to) from the source tables into `days`. */
async function computeDays(ctx: Ctx, site: repo.SiteDays, from: Date, to: Date, days: DayMap): Promise<void> {
  const { id: siteId, timeZone: tz } = site;
  const [ledger, topups, users, orders] = await Promise.all([
    repo.ledgerDaily(ctx.db, siteId, tz, from, to),
    repo.topupsDaily(ctx.db, siteId, tz, from, to),
    repo.usersDaily(ctx.db, siteId, tz, from, to),
    repo.ordersDaily(ctx.db, siteId, tz, from, to),
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

function rollupOf({ id: siteId, timeZone }: repo.SiteDays, d: TStatsDay) {
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
 * Every day of the range in the site's time zone. Closed days (before today) come from the
 * stats_daily rollup of that zone, and those not in it yet are computed once and stored; today is
 * always computed live.
 */
export async function statsDaily(ctx: Ctx, site: repo.SiteDays, q: { from: string; to: string }): Promise<TStatsDaily> {
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
    for (const r of await repo.rollupRows(ctx.db, site.id, site.timeZone, q.from, closedToDay)) {
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
      await repo.insertRollup(
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

export async function statsBreakdown(
  ctx: Ctx,
  site: repo.SiteDays,
  q: { from: string; to: string },
): Promise<TStatsBreakdown> {
  const siteId = site.id;
  const { from, to } = rangeOf(q, site.timeZone);
  const [products, renewals] = await Promise.all([
    repo.ordersByProduct(ctx.db, siteId, from, to),
    repo.renewalsByCountry(ctx.db, siteId, from, to),
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

/** The pools with how long their free addresses last at the last 14 days' pace. */
export async function stock(ctx: Ctx): Promise<TStock> {
  const now = ctx.clock.now();
  const [rows, sold] = await Promise.all([
    repo.stockRows(ctx.db),
    repo.soldSince(ctx.db, new Date(now.getTime() - PACE_DAYS * DAY_MS)),
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

/** Days the rollup job keeps ready: the presets of the analytics page reach back this far. */
const ROLLUP_DAYS = 90;

/**
 * The rollup job's sweep: every site's closed days of the last ROLLUP_DAYS, so the analytics page
 * never pays for computing them. Days already in the rollup cost one indexed read.
 */
export async function fillStatsRollup(ctx: Ctx, signal?: AbortSignal): Promise<void> {
  for (const site of await repo.allSites(ctx.db)) {
    if (signal?.aborted) {
      return;
    }
    const today = dayIn(ctx.clock.now(), site.timeZone);
    await statsDaily(ctx, site, { from: addDays(today, -ROLLUP_DAYS), to: addDays(today, -1) });
  }
}
