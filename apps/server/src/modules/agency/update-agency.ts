import { agencyAdminEndpoints, agencyEndpoints, type TAgency, type TAgencyAdminUpdateRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { callerOf, lockAgency, ownAgency, toAgency, updateAgencyRow, viewOf, type Caller } from './queries.js';

/** PUT /api/agency/update: the owner's name and description. */
export async function updateOwnAgency(
  ctx: AppContext,
  caller: Caller,
  patch: { name?: string; description?: string },
): Promise<TAgency> {
  const agency = await ownAgency(ctx.db, caller);
  await updateAgencyRow(ctx.db, agency.id, { ...patch, updatedAt: ctx.clock.now() });
  return toAgency(await ownAgency(ctx.db, caller));
}

/** PUT /api/agency-admin/update: the admin's fields of an agency of the admin's site. */
export async function adminUpdateAgency(
  ctx: AppContext,
  siteId: string,
  { agencyId, endAt, ...patch }: TAgencyAdminUpdateRequest,
): Promise<TAgency> {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockAgency(tx, siteId, agencyId))) {
      throw new AppError('AGENCY_NOT_EXISTS');
    }
    await updateAgencyRow(tx, agencyId, {
      ...patch,
      ...(endAt === undefined ? {} : { endAt: endAt === null ? null : new Date(endAt) }),
      updatedAt: ctx.clock.now(),
    });
  });
  return viewOf(ctx, siteId, agencyId);
}

export function updateAgencyRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyEndpoints.update, opts, async (req) => updateOwnAgency(app.ctx, callerOf(req), req.body));
}

export function adminUpdateAgencyRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyAdminEndpoints.update, opts, async (req) => adminUpdateAgency(app.ctx, req.site.id, req.body));
}
