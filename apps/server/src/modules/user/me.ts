import { userEndpoints, type TMe } from '@proxy/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findBalance, findOwnView, meView } from '../auth/index.js';

/*
 * GET /api/user/me and get-money: the request's user may come from the session cache
 * (auth/session-cache.ts), which never answers the balance; what these show is read with the call.
 * No row: the user was deleted since the session was checked.
 *
 * Promise chains, not async functions: with the request's AsyncLocalStorage on, each async
 * function and each await costs a promise more, run through Node's async hooks, on two of the
 * most frequent calls.
 */

/** GET /api/user/me: the caller's account. */
export function ownView(db: Db, userId: string): Promise<TMe> {
  return findOwnView(db, userId).then((row) => {
    const u = row ?? invalidToken();
    return meView(u, u.ownedAgencyId);
  });
}

/** GET /api/user/get-money: the caller's balance. */
export function money(db: Db, userId: string): Promise<{ balance: number }> {
  return findBalance(db, userId).then((balance) => ({ balance: balance ?? invalidToken() }));
}

function invalidToken(): never {
  throw new AppError('INVALID_TOKEN');
}

export function meRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, userEndpoints.me, opts, (req) => ownView(app.ctx.db, req.user.id));
  route(app, userEndpoints.getMoney, opts, (req) => money(app.ctx.db, req.user.id));
}
