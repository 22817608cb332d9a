import { sql } from 'drizzle-orm';
import { AGENCY_STATS_MAX_DAYS, agencyEndpoints, type TAgencyMyStats, type TAgencyStats } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { callerOf, ownAgency, type Caller } from './queries.js';

/** GET /api/agency/my-stats: the agency's totals. */
export async function myStats(ctx: AppContext, caller: Caller): Promise<TAgencyMyStats> {
  const agency = await ownAgency(ctx.db, caller);
  return {
    members: agency.members,
    totalDeposit: agency.totalDeposit,
    totalCommission: agency.totalCommission,
    balanceTransferred: await sumTransferred(ctx.db, agency.id),
  };
}

const DAY_MS = 86_400_000;

/** The agency's days from `from` to `to` (YYYY-MM-DD), counted in the site's time zone. */
export async function dailyStats(
  ctx: AppContext,
  caller: Caller,
  range: { from: string; to: string; timeZone: string },
): Promise<TAgencyStats> {
  const { from, to } = range;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  // A date that does not exist (2026-02-30) parses to another day or NaN: refuse both.
  const valid =
    !Number.isNaN(start) &&
    !Number.isNaN(end) &&
    new Date(start).toISOString().slice(0, 10) === from &&
    new Date(end).toISOString().slice(0, 10) === to;
  if (!valid || end < start || (end - start) / DAY_MS + 1 > AGENCY_STATS_MAX_DAYS) {
    throw new AppError('VALIDATION_ERROR', { field: 'from' });
  }
  const agency = await ownAgency(ctx.db, caller);
  return { days: await dailyStatsRows(ctx.db, agency.id, range.timeZone, from, to) };
}

async function sumTransferred(db: DbOrTx, agencyId: string): Promise<number> {
  const rows = await queryRows<{ s: string | number | null }>(
    db,
    sql`select coalesce(sum(amount), 0) as s from agency_transfers where agency_id = ${agencyId}`,
  );
  return Number(rows[0]?.s ?? 0);
}

/** One row per day in the zone `tz` from `from` to `to` inclusive, empty days included. */
async function dailyStatsRows(db: DbOrTx, agencyId: string, tz: string, from: string, to: string) {
  const rows = await queryRows<{
    day: string;
    new_members: string | number;
    deposit: string | number;
    commission: string | number;
  }>(
    db,
    sql`with days as (
          select to_char(d, 'YYYY-MM-DD') as day
          from generate_series(${from}::date, ${to}::date, interval '1 day') as d
        ), m as (
          select to_char(joined_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) as n
          from agency_members where agency_id = ${agencyId} group by 1
        ), dep as (
          select to_char(created_at at time zone ${tz}, 'YYYY-MM-DD') as day,
                 sum(amount) as deposit, sum(commission) as commission
          from agency_deposits
          where agency_id = ${agencyId}
            and created_at >= ${from}::date::timestamp at time zone ${tz}
            and created_at < (${to}::date + 1)::timestamp at time zone ${tz}
          group by 1
        )
        select days.day, coalesce(m.n, 0) as new_members, coalesce(dep.deposit, 0) as deposit,
               coalesce(dep.commission, 0) as commission
        from days left join m on m.day = days.day left join dep on dep.day = days.day
        order by days.day`,
  );
  return rows.map((r) => ({
    date: r.day,
    newMembers: Number(r.new_members),
    deposit: Number(r.deposit),
    commission: Number(r.commission),
  }));
}

export function agencyStatsRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyEndpoints.myStats, opts, async (req) => myStats(app.ctx, callerOf(req)));
  route(app, agencyEndpoints.stats, opts, async (req) =>
    dailyStats(app.ctx, callerOf(req), { ...req.query, timeZone: req.site.timeZone }),
  );
}
