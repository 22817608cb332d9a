import { ROLE, userAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { mapPage } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { listSiteUsers } from '../auth/index.js';
import { toAdminUser } from './mapper.js';
import { actorOf, adminTarget, type Actor } from './queries.js';

/** GET /api/user/admin/detail/:id: one user of the admin's site (the customer page); another site's user does not exist. */
export async function adminGetUser(ctx: AppContext, actor: Actor, siteId: string, userId: string) {
  return toAdminUser(await adminTarget(ctx, siteId, userId), actor);
}

/** GET /api/user/admin/get-all-user and get-all-admin: a page of the site's users of these roles. */
export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  siteId: string,
  roles: number[],
  q: { page: number; limit: number; search: string },
) {
  return mapPage(await listSiteUsers(ctx.db, siteId, roles, q), (u) => toAdminUser(u, actor));
}

export function viewUsersRoutes(app: RouteApp, opts: RouteOptions): void {
  const a = userAdminEndpoints;
  route(app, a.detail, opts, async (req) => adminGetUser(app.ctx, actorOf(req), req.site.id, req.params.id));
  route(app, a.getAllUser, opts, async (req) =>
    listUsers(app.ctx, actorOf(req), req.site.id, [ROLE.CUSTOMER], req.query),
  );
  route(app, a.getAllAdmin, opts, async (req) =>
    listUsers(app.ctx, actorOf(req), req.site.id, [ROLE.OWNER, ROLE.SITE_ADMIN], req.query),
  );
}
