import { ROLE, userAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import {
  dropRecoveryCodes,
  findUserById,
  revokeUserSessions,
  sessionsSettled,
  updateUser,
  type UserPatch,
} from '../auth/index.js';
import { toAdminUser } from './mapper.js';
import { actorOf, adminTarget, assertMayManage, type Actor } from './queries.js';

/**
 * PUT /api/user/admin/update-user/:id (and update/:id): role, activity, e-mail verification,
 * password, 2FA off. A change that matters to sign-in ends the user's sessions.
 */
export async function adminUpdateUser(
  ctx: AppContext,
  actor: Actor,
  siteId: string,
  id: string,
  body: { role?: 0 | 1 | 2; active?: boolean; emailVerified?: boolean; password?: string; disable2fa?: true },
) {
  const target = await adminTarget(ctx, siteId, id);
  assertMayManage(actor, target);
  if (body.role !== undefined && body.role !== target.role && actor.role !== ROLE.OWNER) {
    throw new AppError('FORBIDDEN');
  }
  if (target.id === actor.id && (body.role !== undefined || body.active === false)) {
    throw new AppError('FORBIDDEN');
  }
  const now = ctx.clock.now();
  const values: UserPatch = { updatedAt: now };
  if (body.role !== undefined) {
    values.role = body.role;
  }
  if (body.active !== undefined) {
    values.active = body.active;
  }
  if (body.emailVerified !== undefined) {
    values.emailVerifiedAt = body.emailVerified ? (target.emailVerifiedAt ?? now) : null;
  }
  if (body.password) {
    values.passwordHash = await hashPassword(body.password);
  }
  if (body.disable2fa) {
    Object.assign(values, { twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null });
  }
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, target.id, values);
    if (body.disable2fa) {
      await dropRecoveryCodes(tx, target.id);
    }
    if (body.active === false || body.password || body.role !== undefined) {
      await revokeUserSessions(tx, target.id, 'admin_update', now);
    }
  });
  await sessionsSettled(ctx.database);
  return toAdminUser((await findUserById(ctx.db, target.id))!, actor);
}

export function updateUserRoutes(app: RouteApp, opts: RouteOptions): void {
  for (const entry of [userAdminEndpoints.updateUser, userAdminEndpoints.update]) {
    route(app, entry, opts, async (req) =>
      adminUpdateUser(app.ctx, actorOf(req), req.site.id, req.params.id, req.body),
    );
  }
}

/** PUT /api/user/admin-active-user: the same update, of the activity alone. */
export function setActiveRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, userAdminEndpoints.activeUser, opts, async (req) =>
    adminUpdateUser(app.ctx, actorOf(req), req.site.id, req.body.userId, { active: req.body.active }),
  );
}
