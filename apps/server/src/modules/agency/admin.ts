import type { AgencyStatus, TAgency, TAgencyAdminUpdateRequest, TListQuery, TPage } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/paging.js';
import { toAgency } from './mapper.js';
import * as repo from './repository.js';

/** A site admin's agency calls; every one is scoped to the admin's site (another site's id is 404). */

export async function listAgencies(
  ctx: AppContext,
  siteId: string,
  q: TListQuery & { status?: AgencyStatus },
): Promise<TPage<TAgency>> {
  const { items, total } = await repo.listAgencyViews(ctx.db, { siteId, ...q });
  return toPage(items.map(toAgency), total, q.page, q.limit);
}

async function viewOf(ctx: AppContext, siteId: string, id: string): Promise<TAgency> {
  const view = await repo.findAgencyView(ctx.db, siteId, id);
  if (!view) {
    throw new AppError('AGENCY_NOT_EXISTS');
  }
  return toAgency(view);
}

/** pending/disabled → active (the first approval sets startAt), active → disabled. */
export async function toggleAgency(ctx: AppContext, siteId: string, id: string, isActive: boolean): Promise<TAgency> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const agency = await repo.lockAgency(tx, siteId, id);
    if (!agency) {
      throw new AppError('AGENCY_NOT_EXISTS');
    }
    const status = isActive ? 'active' : 'disabled';
    if (agency.status === status) {
      return;
    }
    // Refusing an agency awaiting approval (isActive false) disables it too: the owner sees the answer.
    await repo.updateAgencyRow(tx, id, { status, startAt: agency.startAt ?? (isActive ? now : null), updatedAt: now });
  });
  return viewOf(ctx, siteId, id);
}

export async function adminUpdateAgency(
  ctx: AppContext,
  siteId: string,
  { agencyId, endAt, ...patch }: TAgencyAdminUpdateRequest,
): Promise<TAgency> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockAgency(tx, siteId, agencyId))) {
      throw new AppError('AGENCY_NOT_EXISTS');
    }
    await repo.updateAgencyRow(tx, agencyId, {
      ...patch,
      ...(endAt === undefined ? {} : { endAt: endAt === null ? null : new Date(endAt) }),
      updatedAt: ctx.clock.now(),
    });
  });
  return viewOf(ctx, siteId, agencyId);
}

/** Members leave the agency with it; the ledger and the deposits it recorded stay. */
export async function deleteAgency(ctx: AppContext, siteId: string, id: string): Promise<void> {
  if (!(await repo.deleteAgencyRow(ctx.db, siteId, id))) {
    throw new AppError('AGENCY_NOT_EXISTS');
  }
}
