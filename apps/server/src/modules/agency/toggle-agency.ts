import { agencyAdminEndpoints, type TAgency } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { lockAgency, updateAgencyRow, viewOf } from './queries.js';

/** PUT /api/agency-admin/toggle-agency-status: pending/disabled → active (the first approval sets startAt), active → disabled. */
export async function toggleAgency(ctx: AppContext, siteId: string, id: string, isActive: boolean): Promise<TAgency> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const agency = await lockAgency(tx, siteId, id);
    if (!agency) {
      throw new AppError('AGENCY_NOT_EXISTS');
    }
    const status = isActive ? 'active' : 'disabled';
    if (agency.status === status) {
      return;
    }
    // Refusing an agency awaiting approval (isActive false) disables it too: the owner sees the answer.
    await updateAgencyRow(tx, id, { status, startAt: agency.startAt ?? (isActive ? now : null), updatedAt: now });
  });
  return viewOf(ctx, siteId, id);
}

export function toggleAgencyRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyAdminEndpoints.toggleAgencyStatus, opts, async (req) =>
    toggleAgency(app.ctx, req.site.id, req.body.agencyId, req.body.isActive),
  );
}
