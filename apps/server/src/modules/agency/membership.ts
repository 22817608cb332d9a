import { eq } from 'drizzle-orm';
import { agencyEndpoints, type TAgencyMembership } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, agencyMembers } from '../../db/schema/index.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { callerOf, type Caller } from './queries.js';

/** GET /api/agency/member/detail-agency: which agency a user belongs to; anyone may ask about themselves. */
export async function membership(ctx: AppContext, caller: Caller): Promise<TAgencyMembership> {
  const row = await findMembership(ctx.db, caller.id);
  if (!row || row.agency.siteId !== caller.siteId) {
    return { agency: null, joinedAt: null };
  }
  return { agency: { name: row.agency.name, code: row.agency.code }, joinedAt: row.joinedAt.toISOString() };
}

/** The agency a user belongs to, with when they joined. */
async function findMembership(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ agency: agencies, joinedAt: agencyMembers.joinedAt })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, userId))
    .limit(1);
  return row;
}

export function membershipRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyEndpoints.membership, opts, async (req) => membership(app.ctx, callerOf(req)));
}
