import { randomUUID } from 'node:crypto';
import {
  AGENCY_STATS_MAX_DAYS,
  type TAgency,
  type TAgencyCreateRequest,
  type TAgencyMember,
  type TAgencyMembership,
  type TAgencyMyStats,
  type TAgencyStats,
  type TListQuery,
  type TPage,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/paging.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { toAgency } from './mapper.js';
import * as repo from './repository.js';

/** The caller's side of the agency program (docs/product-rules.md#agency). */

export interface Caller {
  id: string;
  siteId: string;
}

/** The caller's own agency on this site, or 404 AGENCY_NOT_EXISTS. */
export async function ownAgency(db: DbOrTx, caller: Caller) {
  const view = await repo.findOwnAgencyView(db, caller.siteId, caller.id);
  if (!view) {
    throw new AppError('AGENCY_NOT_EXISTS');
  }
  return view;
}

export async function createAgency(ctx: AppContext, caller: Caller, body: TAgencyCreateRequest): Promise<TAgency> {
  if (await repo.findOwnAgencyView(ctx.db, caller.siteId, caller.id)) {
    throw new AppError('AGENCY_ALREADY_HAVE');
  }
  const now = ctx.clock.now();
  try {
    await repo.insertAgency(ctx.db, {
      id: randomUUID(),
      siteId: caller.siteId,
      ownerId: caller.id,
      name: body.name,
      description: body.description,
      code: body.code,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      // Two unique keys: one agency per owner, one code per site. A racing create of the same
      // owner has committed its row by now.
      const mine = await repo.findOwnAgencyView(ctx.db, caller.siteId, caller.id);
      throw new AppError(mine ? 'AGENCY_ALREADY_HAVE' : 'REF_ALREADY_EXISTS');
    }
    throw err;
  }
  return toAgency(await ownAgency(ctx.db, caller));
}

export async function agencyDetail(ctx: AppContext, caller: Caller): Promise<TAgency> {
  return toAgency(await ownAgency(ctx.db, caller));
}

export async function updateOwnAgency(
  ctx: AppContext,
  caller: Caller,
  patch: { name?: string; description?: string },
): Promise<TAgency> {
  const agency = await ownAgency(ctx.db, caller);
  await repo.updateAgencyRow(ctx.db, agency.id, { ...patch, updatedAt: ctx.clock.now() });
  return toAgency(await ownAgency(ctx.db, caller));
}

export async function listOwnMembers(ctx: AppContext, caller: Caller, q: TListQuery): Promise<TPage<TAgencyMember>> {
  const agency = await ownAgency(ctx.db, caller);
  const { items, total } = await repo.listMembers(ctx.db, { agencyId: agency.id, ...q });
  return toPage(
    items.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    total,
    q.page,
    q.limit,
  );
}

export async function myStats(ctx: AppContext, caller: Caller): Promise<TAgencyMyStats> {
  const agency = await ownAgency(ctx.db, caller);
  return {
    members: agency.members,
    totalDeposit: agency.totalDeposit,
    totalCommission: agency.totalCommission,
    balanceTransferred: await repo.sumTransferred(ctx.db, agency.id),
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
  return { days: await repo.dailyStats(ctx.db, agency.id, range.timeZone, from, to) };
}

/** Which agency a user belongs to: anyone may ask about themselves. */
export async function membership(ctx: AppContext, caller: Caller): Promise<TAgencyMembership> {
  const row = await repo.findMembership(ctx.db, caller.id);
  if (!row || row.agency.siteId !== caller.siteId) {
    return { agency: null, joinedAt: null };
  }
  return { agency: { name: row.agency.name, code: row.agency.code }, joinedAt: row.joinedAt.toISOString() };
}
