import { and, eq } from 'drizzle-orm';
import { agencyAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';

/** DELETE /api/agency-admin/delete/:id: members leave the agency with it; the ledger and the deposits it recorded stay. */
export async function deleteAgency(ctx: AppContext, siteId: string, id: string): Promise<void> {
  if (!(await deleteAgencyRow(ctx.db, siteId, id))) {
    throw new AppError('AGENCY_NOT_EXISTS');
  }
}

/** Deletes the agency; its members leave with it (cascade), deposits and transfers keep their rows. */
async function deleteAgencyRow(db: DbOrTx, siteId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(agencies)
    .where(and(eq(agencies.siteId, siteId), eq(agencies.id, id)))
    .returning({ id: agencies.id });
  return rows.length > 0;
}

export function deleteAgencyRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyAdminEndpoints.delete, opts, async (req) => {
    await deleteAgency(app.ctx, req.site.id, req.params.id);
    return { ok: true as const };
  });
}
