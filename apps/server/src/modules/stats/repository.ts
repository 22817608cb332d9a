import { SPEND_TRANSACTION_TYPES } from '@proxy/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { statsDaily } from '../../db/schema/index.js';

/** What counts as revenue: purchases, renewals and amendments (negative amounts), less refunds. */
export const SPEND_TYPES = SPEND_TRANSACTION_TYPES;
export const RENEW_TYPES = [
  'renew',
  'auto_renew',
  'renew_key',
  'auto_renew_key',
  'renew_private',
  'auto_renew_private',
];

const list = (xs: readonly string[]): SQL =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );
const n = (v: unknown): number => Number(v ?? 0);
const iso = (d: Date) => d.toISOString();

export interface Windows {
  dayStart: Date;
  prevDayStart: Date;
  prevDayNow: Date;
  monthStart: Date;
  prevMonthStart: Date;
  prevMonthNow: Date;
  now: Date;
}

/** Revenue of today, this month and the same spans before them, in one index range scan of the ledger. */
export async function revenueWindows(db: DbOrTx, siteId: string, w: Windows) {
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
      and type in (${list(SPEND_TYPES)})`,
  );
  return { today: n(r?.today), prevDay: n(r?.prev_day), month: n(r?.month), prevMonth: n(r?.prev_month) };
}

export async function userFigures(db: DbOrTx, siteId: string, dayStart: Date, monthStart: Date) {
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

export async function topupFigures(db: DbOrTx, siteId: string, dayStart: Date) {
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
export async function itemFigures(db: DbOrTx, siteId: string, now: Date, soon: Date) {
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

/** Per day in the zone `tz`, in [from, to): revenue and renewal count from the ledger. */
export async function ledgerDaily(db: DbOrTx, siteId: string, tz: string, from: Date, to: Date) {
  return queryRows<{ day: string; revenue: string; renewals: string }>(
    db,
    sql`select to_char((created_at at time zone ${tz})::date, 'YYYY-MM-DD') as day,
        -sum(amount) as revenue,
        count(*) filter (where type in (${list(RENEW_TYPES)})) as renewals
      from transactions
      where site_id = ${siteId} and created_at >= ${iso(from)} and created_at < ${iso(to)}
        and type in (${list(SPEND_TYPES)})
      group by 1`,
  );
}

export async function topupsDaily(db: DbOrTx, siteId: string, tz: string, from: Date, to: Date) {
  return queryRows<{ day: string; method: string; amount: string }>(
    db,
    sql`select to_char((credited_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, method,
        sum(amount) as amount
      from topups
      where site_id = ${siteId} and status = 'success' and credited_at >= ${iso(from)} and credited_at < ${iso(to)}
      group by 1, 2`,
  );
}

export async function usersDaily(db: DbOrTx, siteId: string, tz: string, from: Date, to: Date) {
  return queryRows<{ day: string; n: string }>(
    db,
    sql`select to_char((created_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, count(*) as n
      from users where site_id = ${siteId} and role = 1 and created_at >= ${iso(from)} and created_at < ${iso(to)}
      group by 1`,
  );
}

/** Orders placed per day (a later cancellation shows as its refund in the revenue); proxies sold counts the proxy quantities (not keys). */
export async function ordersDaily(db: DbOrTx, siteId: string, tz: string, from: Date, to: Date) {
  return queryRows<{ day: string; orders: string; proxies: string }>(
    db,
    sql`select to_char((created_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, count(*) as orders,
        coalesce(sum(quantity) filter (where product in ('v6', 'v4')), 0) as proxies
      from orders where site_id = ${siteId} and created_at >= ${iso(from)} and created_at < ${iso(to)}
      group by 1`,
  );
}

export async function ordersByProduct(db: DbOrTx, siteId: string, from: Date, to: Date) {
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
export async function renewalsByCountry(db: DbOrTx, siteId: string, from: Date, to: Date) {
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

/** Egress pools per product, country and node; shared and prefix rows do not run out (free null). */
export async function stockRows(db: DbOrTx) {
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
export async function soldSince(db: DbOrTx, since: Date) {
  return queryRows<{ product: string; country: string; n: string }>(
    db,
    sql`select type as product, country, count(*) as n from proxies where created_at >= ${iso(since)} group by 1, 2
      union all
      select 'key', country, count(*) from rotating_keys where created_at >= ${iso(since)} group by 2`,
  );
}

/** The rollup's rows of closed days in [from, to) (YYYY-MM-DD), counted in the zone `tz`. */
export async function rollupRows(db: DbOrTx, siteId: string, tz: string, from: string, to: string) {
  return queryRows<{ day: string; metric: string; value: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, metric, value from stats_daily
      where site_id = ${siteId} and time_zone = ${tz} and day >= ${from} and day < ${to}`,
  );
}

/** Stores computed closed days; a day another instance stored first is kept as it is. */
export async function insertRollup(
  db: DbOrTx,
  rows: { siteId: string; timeZone: string; day: string; metric: string; value: number }[],
) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(statsDaily)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

export async function allSites(db: DbOrTx): Promise<SiteDays[]> {
  const rows = await queryRows<{ id: string; time_zone: string }>(db, sql`select id, time_zone from sites order by id`);
  return rows.map((r) => ({ id: r.id, timeZone: r.time_zone }));
}

/** A site and the time zone its days are counted in (docs/product-rules.md#time-zones). */
export interface SiteDays {
  id: string;
  timeZone: string;
}
