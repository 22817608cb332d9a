import { randomUUID } from 'node:crypto';
import { agencyEndpoints, type TAgency, type TAgencyCreateRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { callerOf, findOwnAgencyView, ownAgency, toAgency, type Caller } from './queries.js';

/** POST /api/agency/create: the caller's agency, awaiting the site admin's approval. */
export async function createAgency(ctx: AppContext, caller: Caller, body: TAgencyCreateRequest): Promise<TAgency> {
  if (await findOwnAgencyView(ctx.db, caller.siteId, caller.id)) {
    throw new AppError('AGENCY_ALREADY_HAVE');
  }
  const now = ctx.clock.now();
  try {
    await insertAgency(ctx.db, {
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
      const mine = await findOwnAgencyView(ctx.db, caller.siteId, caller.id);
      throw new AppError(mine ? 'AGENCY_ALREADY_HAVE' : 'REF_ALREADY_EXISTS');
    }
    throw err;
  }
  return toAgency(await ownAgency(ctx.db, caller));
}

/** GET /api/agency/detail: the caller's own agency. */
export async function agencyDetail(ctx: AppContext, caller: Caller): Promise<TAgency> {
  return toAgency(await ownAgency(ctx.db, caller));
}

/** Throws the unique violations (one per owner, code per site) to the caller. */
async function insertAgency(db: DbOrTx, values: typeof agencies.$inferInsert): Promise<void> {
  await db.insert(agencies).values(values);
}

export function createAgencyRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyEndpoints.create, opts, async (req) => createAgency(app.ctx, callerOf(req), req.body));
  route(app, agencyEndpoints.detail, opts, async (req) => agencyDetail(app.ctx, callerOf(req)));
}
