import { ROLE } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { verifyPassword } from '../../lib/passwords.js';
import { findUserById, type User } from '../auth/index.js';

/**
 * The reads and rules two or more of the module's use cases share. The statements on users are
 * auth's (it owns the table); these call its functions.
 */

/** The caller's own account row; gone since the session was checked: USER_NOT_EXISTS. */
export async function getUser(ctx: AppContext, id: string): Promise<User> {
  const user = await findUserById(ctx.db, id);
  if (!user) {
    throw new AppError('USER_NOT_EXISTS');
  }
  return user;
}

/** Calls that change 2FA ask for the account's password again, at most 10 tries in 10 minutes. */
export async function requirePassword(ctx: AppContext, user: User, password: string): Promise<void> {
  await hitLimit(ctx.db, ctx.clock, { key: `2fa:${user.id}`, max: 10, windowSec: 600 });
  if (!user.passwordHash) {
    throw new AppError('MISS_PASSWORD');
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('WRONG_PASSWORD');
  }
}

/** The admin who acts: an owner manages everyone, a site admin the customers of their site. */
export interface Actor {
  id: string;
  role: number;
  siteId: string;
}

/** The acting admin of a request. */
export function actorOf(req: { user: Actor }): Actor {
  return { id: req.user.id, role: req.user.role, siteId: req.user.siteId };
}

/** The target user, in the admin's current site; anything else does not exist for this admin. */
export async function adminTarget(ctx: AppContext, siteId: string, id: string): Promise<User> {
  const user = await findUserById(ctx.db, id);
  if (!user || (user.siteId !== siteId && user.role !== ROLE.OWNER)) {
    throw new AppError('USER_NOT_EXISTS');
  }
  return user;
}

/** A site admin manages customers; only an owner manages admins and owners. */
export function assertMayManage(actor: Actor, target: User): void {
  if (actor.role !== ROLE.OWNER && target.role !== ROLE.CUSTOMER) {
    throw new AppError('FORBIDDEN');
  }
}
