import { randomUUID } from 'node:crypto';
import { userEndpoints, type TChangePasswordRequest, type TTokens } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import {
  requestMeta,
  revokeUserSessions,
  sessionsSettled,
  startSession,
  updateUser,
  type RequestMeta,
} from '../auth/index.js';
import { getUser } from './queries.js';

/**
 * PUT /api/user/change-password (docs/product-rules.md#passwords): a Google-only account (no
 * password yet) sets one by giving the same value twice. The caller goes on in a new session.
 */
export async function changePassword(
  ctx: AppContext,
  meta: RequestMeta,
  userId: string,
  body: TChangePasswordRequest,
  currentSessionId: string,
): Promise<TTokens> {
  await hitLimit(ctx.db, ctx.clock, { key: `chpw:${userId}`, max: 10, windowSec: 600 });
  const user = await getUser(ctx, userId);
  if (user.passwordHash) {
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw new AppError('WRONG_PASSWORD');
    }
  } else if (body.password !== body.newPassword) {
    throw new AppError('WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = ctx.clock.now();
  const tokens = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await recordAudit(ctx, tx, { userId: user.id, action: 'account.password', targetType: 'account' });
    // The caller goes on in a new session; its open realtime streams follow it there.
    const sessionId = randomUUID();
    await revokeUserSessions(tx, user.id, 'password_changed', now, { from: currentSessionId, to: sessionId });
    return startSession(ctx, tx, user, meta, sessionId);
  });
  await sessionsSettled(ctx.database);
  return tokens;
}

export function changePasswordRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, userEndpoints.changePassword, opts, async (req) => ({
    tokens: await changePassword(app.ctx, requestMeta(req), req.user.id, req.body, req.sessionId),
  }));
}
