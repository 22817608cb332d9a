import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdminRole, ROLE } from '@proxy/contract';
import { AppError } from '../lib/errors.js';
import { verifyAccessToken, findAuthUser, type AuthUser } from '../modules/auth/index.js';
import { authenticateKey, SESSION_ONLY_ROUTES } from '../modules/api-keys/index.js';
import { identifyCaller } from '../modules/audit/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
    sessionId: string;
    /** True when the caller authenticated with `X-Api-Key` (no session: sessionId is ''). */
    viaApiKey?: boolean;
  }
}

/**
 * The routes that take their token from the query: the EventSource streams (EventSource cannot
 * send headers). Anywhere else a token in the URL would end up in logs, history and Referer
 * headers, so it is ignored.
 */
const QUERY_TOKEN_ROUTES = new Set(['/api/events', '/api/usage/live']);

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) {
    return h.slice(7).trim();
  }
  if (req.method !== 'GET' || !QUERY_TOKEN_ROUTES.has(req.routeOptions.url ?? '')) {
    return null;
  }
  const q = (req.query as Record<string, unknown> | undefined)?.access_token;
  return typeof q === 'string' ? q : null;
}

/**
 * preHandler: a valid access token for this site, of a live session, of an active user.
 * Missing, invalid or revoked → 401 INVALID_TOKEN; expired → 403 TOKEN_EXPIRED.
 */
export async function authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = bearer(req);
  if (!token) {
    const key = req.headers['x-api-key'];
    if (typeof key === 'string' && key !== '') {
      return authenticateApiKey(req, reply, key);
    }
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
  identifyCaller({ id: user.id, isAdmin: isAdminRole(user.role) });
}

/**
 * `X-Api-Key` instead of a bearer token (docs/wire-contract.md#developer-api): customer calls only
 * (requireAdmin/requireOwner refuse it; the account-security calls need a session), from an
 * allowed IP, within the per-minute limit. Every keyed answer carries the RateLimit-* headers.
 */
async function authenticateApiKey(req: FastifyRequest, reply: FastifyReply, key: string): Promise<void> {
  if (SESSION_ONLY_ROUTES.has(`${req.method} ${req.routeOptions.url ?? ''}`)) {
    throw new AppError('FORBIDDEN');
  }
  const { user, apiKeyHint } = await authenticateKey(
    req.server.ctx,
    req.site,
    key,
    { ip: req.ip, method: req.method, url: req.routeOptions.url ?? req.url },
    (l) => {
      reply.header('RateLimit-Limit', l.limit);
      reply.header('RateLimit-Remaining', l.remaining);
      reply.header('RateLimit-Reset', l.reset);
    },
  );
  // Object.assign, not a spread: see siteInfo (modules/site/service.ts) for what a spread costs.
  req.user = Object.assign(user, { sessionRevoked: false });
  req.sessionId = '';
  req.viaApiKey = true;
  identifyCaller({ id: user.id, isAdmin: false, apiKeyHint });
}

/** preHandler after authenticate: roles 0 and 2 only (docs/product-rules.md#roles), never by API key. */
export async function requireAdmin(req: FastifyRequest): Promise<void> {
  if (req.viaApiKey || !isAdminRole(req.user.role)) {
    throw new AppError('FORBIDDEN');
  }
}

export async function requireOwner(req: FastifyRequest): Promise<void> {
  if (req.viaApiKey || req.user.role !== ROLE.OWNER) {
    throw new AppError('FORBIDDEN');
  }
}
