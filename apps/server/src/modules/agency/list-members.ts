import { sql } from 'drizzle-orm';
import { agencyEndpoints, type TAgencyMember, type TListQuery, type TPage } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { likePattern, mapPage, pagedSelect } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { callerOf, date, ownAgency, type Caller } from './queries.js';

/** GET /api/agency/list-member: the owner's members, newest first. */
export async function listOwnMembers(ctx: AppContext, caller: Caller, q: TListQuery): Promise<TPage<TAgencyMember>> {
  const agency = await ownAgency(ctx.db, caller);
  return mapPage(await listMembers(ctx.db, { agencyId: agency.id, ...q }), (m) => ({
    ...m,
    joinedAt: m.joinedAt.toISOString(),
  }));
}

interface MemberFilter {
  agencyId: string;
  search: string;
  page: number;
  limit: number;
}

/** A page of an agency's members, newest first, each with what they topped up since joining. */
async function listMembers(db: DbOrTx, f: MemberFilter) {
  const where = f.search
    ? sql`m.agency_id = ${f.agencyId} and u.email ilike ${likePattern(f.search)}`
    : sql`m.agency_id = ${f.agencyId}`;
  return pagedSelect(
    async (limit, offset) => {
      const rows = await queryRows<{
        user_id: string;
        email: string;
        joined_at: string | Date;
        deposit: string | number;
      }>(
        db,
        sql`select m.user_id, u.email, m.joined_at,
                   coalesce((select sum(d.amount) from agency_deposits d
                             where d.member_id = m.user_id and d.agency_id = m.agency_id), 0) as deposit
            from agency_members m join users u on u.id = m.user_id
            where ${where}
            order by m.joined_at desc, m.user_id
            limit ${limit} offset ${offset}`,
      );
      return rows.map((r) => ({
        userId: r.user_id,
        email: r.email,
        deposit: Number(r.deposit),
        joinedAt: date(r.joined_at),
      }));
    },
    queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from agency_members m join users u on u.id = m.user_id where ${where}`,
    ),
    f.page,
    f.limit,
  );
}

export function listMembersRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyEndpoints.listMember, opts, async (req) => listOwnMembers(app.ctx, callerOf(req), req.query));
}
