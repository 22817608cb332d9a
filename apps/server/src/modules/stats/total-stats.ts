import {
  dayIn,
  dayStartIn,
  monthStartDay,
  addDays,
  SPEND_TRANSACTION_TYPES,
  statsEndpoints,
  type TTotalStats,
} from '@proxy/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { DAY_MS, iso, list, n, type SiteDays } from './queries.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

interface Windows {
  dayStart: Date;
  prevDayStart: Date;
  prevDayNow: Date;
  monthStart: Date;
  prevMonthStart: Date;
  prevMonthNow: Date;
  now: Date;
}

/** Today and this month so far in the site's time zone, and the same spans just before them. */
function windowsAt(now: Date, timeZone: string): Windows {
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

/** Revenue of today, this month and the same spans before them, in one index range scan of the ledger. */
async function revenueWindows(db: DbOrTx, siteId: string, w: Windows) {
  const from = w.prevMonthStart < w.prevDayStart ? w.prevMonthStart : w.prevDayStart;
  const [r] = await queryRows<Record<string, string>>(
    db,
    sql`select
      -coalesce(sum(amount) filter (where created_at >= ${iso(w.dayStart)}), 0) as today,
      -coalesce(sum(amount) filter (where created_at >= ${iso(w.prevDayStart)} and created_at < ${iso(w.prevDayNow)}), 0) as prev_day,
      -coalesce(sum(amount) filter (where created_at >= ${iso(w.monthStart)}), 0) as month,
      -coalesce(sum(amount) filter (where created_at >= ${iso(w.prevMonthStart)} and created_at < ${iso(w.prevMonthNow)}), 0) as prev_month
    from transactions
    where site_id = ${siteId} and created_at >= ${iso(from)} and created_at < ${iso(w.now)}
      and type in (${list(SPEND_TRANSACTION_TYPES)})`,
  );
  return { today: n(r?.today), prevDay: n(r?.prev_day), month: n(r?.month), prevMonth: n(r?.prev_month) };
}

async function userFigures(db: DbOrTx, siteId: string, dayStart: Date, monthStart: Date) {
  const [r] = await queryRows<Record<string, string>>(
    db,
    sql`select count(*) filter (where role = 1) as users,
      count(*) filter (where role = 1 and created_at >= ${iso(dayStart)}) as today,
      count(*) filter (where role = 1 and created_at >= ${iso(monthStart)}) as month,
      coalesce(sum(balance), 0) as held
    from users where site_id = ${siteId}`,
  );
  return { users: n(r?.users), today: n(r?.today), month: n(r?.month), balanceHeld: n(r?.held) };
}

async function topupFigures(db: DbOrTx, siteId: string, dayStart: Date) {
  const [r] = await queryRows<Record<string, string>>(
    db,
    sql`select
      coalesce(sum(amount) filter (where status = 'success' and credited_at >= ${iso(dayStart)}), 0) as today,
      count(*) filter (where status = 'pending') as pending,
      count(*) filter (where held_reason is not null and status <> 'success') as held
    from topups where site_id = ${siteId}
      and (status = 'pending' or held_reason is not null or credited_at >= ${iso(dayStart)})`,
  );
  return { today: n(r?.today), pending: n(r?.pending), held: n(r?.held) };
}

/** Items in use, and those of them expiring before `soon` with the price of renewing each for its order's period. */
async function itemFigures(db: DbOrTx, siteId: string, now: Date, soon: Date) {
  const rows = await queryRows<{ kind: string; active: string; expiring: string; renewal: string }>(
    db,
    sql`select u.kind, count(*) as active,
        count(*) filter (where u.expires_at >= ${iso(now)} and u.expires_at < ${iso(soon)}) as expiring,
        coalesce(sum(o.total_price / greatest(o.quantity, 1))
          filter (where u.expires_at >= ${iso(now)} and u.expires_at < ${iso(soon)}), 0) as renewal
      from (select type as kind, expires_at, order_id from proxies where site_id = ${siteId} and status = 'using'
            union all
            select 'key', expires_at, order_id from rotating_keys where site_id = ${siteId} and status = 'using') u
      left join orders o on o.id = u.order_id
      group by u.kind`,
  );
  const by = new Map(rows.map((r) => [r.kind, r]));
  return {
    v6: n(by.get('v6')?.active),
    v4: n(by.get('v4')?.active),
    keys: n(by.get('key')?.active),
    expiringProxies: n(by.get('v6')?.expiring) + n(by.get('v4')?.expiring),
    expiringKeys: n(by.get('key')?.expiring),
    renewalRevenue: Math.floor(rows.reduce((s, r) => s + n(r.renewal), 0)),
  };
}

/** GET /api/stats/admin/get-total-stats: the site's figures of today and this month, with the spans before them. */
export async function totalStats(ctx: Ctx, site: SiteDays): Promise<TTotalStats> {
  const siteId = site.id;
  const now = ctx.clock.now();
  const w = windowsAt(now, site.timeZone);
  const [revenue, users, topups, items] = await Promise.all([
    revenueWindows(ctx.db, siteId, w),
    userFigures(ctx.db, siteId, w.dayStart, w.monthStart),
    topupFigures(ctx.db, siteId, w.dayStart),
    itemFigures(ctx.db, siteId, now, new Date(now.getTime() + 7 * DAY_MS)),
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

export function totalStatsRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, statsEndpoints.totalStats, opts, async (req) => totalStats(app.ctx, req.site));
}
