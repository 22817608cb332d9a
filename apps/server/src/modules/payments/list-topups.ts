import { billEndpoints, ROLE, topupLogEndpoints, type PaymentMethod } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { mapPage } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { toAdminTopup, toTopup } from './mapper.js';
import { listTopups, type TopupRow } from './queries.js';

async function listUserTopups(
  ctx: AppContext,
  userId: string,
  q: { page: number; limit: number; search: string; status?: TopupRow['status']; method?: PaymentMethod },
) {
  return mapPage(await listTopups(ctx.db, { ...q, userId }), (i) => toTopup(i.t));
}

async function listSiteTopups(
  ctx: AppContext,
  actor: { role: number },
  siteId: string,
  q: {
    page: number;
    limit: number;
    search: string;
    status?: TopupRow['status'];
    method?: PaymentMethod;
    held?: '0' | '1';
    userId?: string;
  },
) {
  const held = q.held === undefined ? undefined : q.held === '1';
  // A site admin sees the customers' top-ups (and the unmatched ones, to give to a customer): the
  // owner's and admins' money stays hidden.
  const roles = actor.role === ROLE.OWNER ? undefined : [ROLE.CUSTOMER];
  return mapPage(await listTopups(ctx.db, { ...q, siteId, held, roles }), (i) => toAdminTopup(i.t, i.email));
}

/** GET /api/log/list-topup: the caller's top-ups. */
export function listUserTopupsRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, topupLogEndpoints.listTopup, opts, async (req) => listUserTopups(app.ctx, req.user.id, req.query));
}

/** GET /api/bill/admin/list-topup: the admin's site's top-ups. */
export function listSiteTopupsRoute(app: RouteApp, admin: RouteOptions): void {
  route(app, billEndpoints.adminListTopup, admin, async (req) =>
    listSiteTopups(app.ctx, { role: req.user.role }, req.site.id, req.query),
  );
}
