import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdminRole, ROLE } from '@proxy/contract';
import { AppError } from '../lib/errors.js';
import { verifyAccessToken, findAuthUser, type AuthUser } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
    sessionId: string;
  }
}

/**
 * The one route that takes its token from the query: EventSource cannot send headers. Anywhere
 * else a token in the URL would end up in logs, history and Referer headers, so it is ignored.
 */
const QUERY_TOKEN_ROUTE = '/api/events';

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) {
    return h.slice(7).trim();
  }
  if (req.method !== 'GET' || req.routeOptions.url !== QUERY_TOKEN_ROUTE) {
    return null;
  }
  const q = (req.query as Record<string, unknown> | undefined)?.access_token;
  return typeof q === 'string' ? q : null;
}

/**
 * preHandler: a valid access token for this site, of a live session, of an active user.
 * Missing, invalid or revoked → 401 INVALID_TOKEN; expired → 403 TOKEN_EXPIRED.
 */
export async function authenticate(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(req);
  if (!token) {
    throw new AppError('INVALID_TOKEN');
  }
  const ctx = req.server.ctx;
  const claims = await verifyAccessToken(ctx, token);
  if (claims.site !== req.site.id) {
    throw new AppError('INVALID_TOKEN');
  }
  const user = await findAuthUser(ctx.db, claims.sub, claims.sid);
  if (!user?.active || user.sessionRevoked) {
    throw new AppError('INVALID_TOKEN');
  }
  // Owners are admins of every site; everyone else is bound to the site they belong to.
  if (user.siteId !== req.site.id && user.role !== ROLE.OWNER) {
    throw new AppError('INVALID_TOKEN');
  }
  req.user = user;
  req.sessionId = claims.sid;
}

/** preHandler after authenticate: roles 0 and 2 only (docs/product-rules.md#roles). */
export async function requireAdmin(req: FastifyRequest): Promise<void> {
  if (!isAdminRole(req.user.role)) {
    throw new AppError('FORBIDDEN');
  }
}

export async function requireOwner(req: FastifyRequest): Promise<void> {
  if (req.user.role !== ROLE.OWNER) {
    throw new AppError('FORBIDDEN');
  }
}
