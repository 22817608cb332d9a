import { randomUUID } from 'node:crypto';
import { ROLE, userAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { isUniqueViolation, pgErrorOf } from '../../lib/pg-errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { assertEmail, insertAdminUser } from '../auth/index.js';
import { toAdminUser } from './mapper.js';
import { actorOf, type Actor } from './queries.js';

/** POST /api/user/create-admin: the owner adds a site admin, its e-mail taken as verified. */
export async function createAdmin(
  ctx: AppContext,
  actor: Actor,
  siteId: string,
  body: { email: string; password: string; siteId?: string },
) {
  if (actor.role !== ROLE.OWNER) {
    throw new AppError('FORBIDDEN');
  }
  assertEmail(body.email);
  const now = ctx.clock.now();
  try {
    const row = await insertAdminUser(ctx.db, {
      id: randomUUID(),
      siteId: body.siteId ?? siteId,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      role: ROLE.SITE_ADMIN,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return toAdminUser(row, actor);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('USER_EXISTS');
    }
    if (pgErrorOf(err)?.code === '23503') {
      throw new AppError('SITE_NOT_EXISTS');
    }
    throw err;
  }
}

export function createAdminRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, userAdminEndpoints.createAdmin, opts, async (req) =>
    createAdmin(app.ctx, actorOf(req), req.site.id, req.body),
  );
}
