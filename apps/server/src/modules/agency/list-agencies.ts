import { sql, type SQL } from 'drizzle-orm';
import { agencyAdminEndpoints, type AgencyStatus, type TAgency, type TListQuery, type TPage } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { likePattern, mapPage, pagedSelect } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { toAgency, views } from './queries.js';

/** GET /api/agency-admin/list-agency: a page of the admin's site's agencies. */
export async function listAgencies(
  ctx: AppContext,
  siteId: string,
  q: TListQuery & { status?: AgencyStatus },
): Promise<TPage<TAgency>> {
  return mapPage(await listAgencyViews(ctx.db, { siteId, ...q }), toAgency);
}

interface AgencyFilter {
  siteId: string;
  status?: AgencyStatus;
  search: string;
  page: number;
  limit: number;
}

function filterSql(f: AgencyFilter): SQL {
  const parts = [sql`a.site_id = ${f.siteId}`];
  if (f.status) {
    parts.push(sql`a.status = ${f.status}`);
  }
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(sql`(a.name ilike ${p} or a.code ilike ${p} or u.email ilike ${p})`);
  }
  return sql.join(parts, sql` and `);
}

/** A page of a site's agencies, newest first, and how many match. */
async function listAgencyViews(db: DbOrTx, f: AgencyFilter) {
  const where = filterSql(f);
  return pagedSelect(
    (limit, offset) => views(db, where, sql`order by a.created_at desc, a.id desc limit ${limit} offset ${offset}`),
    queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from agencies a join users u on u.id = a.owner_id where ${where}`,
    ),
    f.page,
    f.limit,
  );
}

export function listAgenciesRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyAdminEndpoints.listAgency, opts, async (req) => listAgencies(app.ctx, req.site.id, req.query));
}
