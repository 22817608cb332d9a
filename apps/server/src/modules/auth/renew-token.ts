import { createHmac } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { authEndpoints, type TTokens } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { requestMeta, type RequestMeta } from './guards.js';
import {
  findRefreshToken,
  findUserById,
  insertRefreshToken,
  revokeSession,
  sessionOnSite,
  type RefreshRow,
} from './queries.js';
import { sessionsSettled } from './session-cache.js';
import { REFRESH_TTL_SEC, signAccessToken } from './tokens.js';

/**
 * How long after its rotation a refresh token may be shown again and get the same successor pair:
 * two tabs renewing at once, or a page reloaded while its renewal was in flight, present the same
 * token twice within moments (docs/product-rules.md#session). Later reuse is theft: it revokes.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * The refresh token that replaces `refreshToken`: derived from it with a server key, so every
 * presentation of one token within the grace gets the same successor, and nobody without the key
 * can compute it.
 */
function successorOf(ctx: AppContext, refreshToken: string): string {
  return createHmac('sha256', ctx.keys.refresh).update(refreshToken).digest('base64url');
}

/** A fresh access token for the session of `row`, paired with its refresh token `successor`. */
async function pairFor(ctx: AppContext, row: RefreshRow, siteId: string, successor: string): Promise<TTokens> {
  const user = await findUserById(ctx.db, row.userId);
  if (!user?.active) {
    throw new AppError('INVALID_TOKEN');
  }
  const accessToken = await signAccessToken(ctx, { sub: user.id, sid: row.sessionId, site: siteId, role: user.role });
  return { accessToken, refreshToken: successor };
}

/** A spent token shown again: its successor pair within the grace, else the session is revoked. */
async function replay(ctx: AppContext, row: RefreshRow, siteId: string, successor: string): Promise<TTokens> {
  const now = ctx.clock.now();
  // Read again: a concurrent rotation has committed by now (its claim held the row until then).
  const spent = await findRefreshToken(ctx.db, row.tokenHash);
  const next = await findRefreshToken(ctx.db, sha256Hex(successor));
  const inGrace =
    spent?.usedAt &&
    now.getTime() - spent.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS &&
    next &&
    !next.usedAt &&
    !next.sessionRevokedAt &&
    next.sessionId === row.sessionId &&
    next.expiresAt > now;
  if (inGrace) {
    return pairFor(ctx, row, siteId, successor);
  }
  await revokeSession(ctx.db, row.sessionId, 'refresh_reuse', now);
  await sessionsSettled(ctx.database);
  ctx.log.warn({ sessionId: row.sessionId }, 'refresh token reuse: session revoked');
  throw new AppError('INVALID_TOKEN');
}

/**
 * Rotates a refresh token: it is spent and its successor stored in one transaction. Reusing a
 * spent one revokes its whole family (the session), unless it is within the grace above.
 */
export async function renewToken(ctx: AppContext, meta: RequestMeta, refreshToken: string): Promise<TTokens> {
  const now = ctx.clock.now();
  const hash = sha256Hex(refreshToken);
  const row = await findRefreshToken(ctx.db, hash);
  // A token shown to the wrong site is refused before it is claimed, so it stays good at home.
  if (!row || row.sessionRevokedAt || !sessionOnSite(row, meta.site.id)) {
    throw new AppError('INVALID_TOKEN');
  }
  const successor = successorOf(ctx, refreshToken);
  const rotated =
    !row.usedAt &&
    (await ctx.db.transaction(async (tx) => {
      if (!(await claimRefreshToken(tx, hash, now))) {
        return false;
      }
      if (row.expiresAt > now) {
        await insertRefreshToken(tx, {
          tokenHash: sha256Hex(successor),
          sessionId: row.sessionId,
          expiresAt: new Date(now.getTime() + REFRESH_TTL_SEC * 1000),
          createdAt: now,
        });
      }
      return true;
    }));
  if (!rotated) {
    return replay(ctx, row, meta.site.id, successor);
  }
  if (row.expiresAt <= now) {
    throw new AppError('INVALID_TOKEN');
  }
  return pairFor(ctx, row, meta.site.id, successor);
}

/** Marks a refresh token used; false when another request used it first (a race is reuse). */
async function claimRefreshToken(db: DbOrTx, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ h: refreshTokens.tokenHash });
  return rows.length === 1;
}

/** POST /api/auth/renew-token. */
export function renewTokenRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, authEndpoints.renewToken, opts, async (req) =>
    renewToken(app.ctx, requestMeta(req), req.body.refreshToken),
  );
}
