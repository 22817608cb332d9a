import { authEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { sha256Hex } from '../../lib/crypto.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { requestMeta, type RequestMeta } from './guards.js';
import { findRefreshToken, revokeSession, sessionOnSite } from './queries.js';
import { sessionsSettled } from './session-cache.js';

/** POST /api/auth/logout: ends the session of a refresh token. */
export async function logout(ctx: AppContext, meta: RequestMeta, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(ctx.db, sha256Hex(refreshToken));
  // Another site cannot end a session it does not own; the answer is the same either way.
  if (row && sessionOnSite(row, meta.site.id)) {
    await revokeSession(ctx.db, row.sessionId, 'logout', ctx.clock.now());
    await sessionsSettled(ctx.database);
  }
}

/** POST /api/auth/logout. */
export function logoutRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, authEndpoints.logout, opts, async (req) => {
    await logout(app.ctx, requestMeta(req), req.body.refreshToken);
    return { ok: true as const };
  });
}
