import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdminRole, ROLE } from '@proxy/contract';
import { AppError } from '../lib/errors.js';
import {
  verifiedAccessToken,
  verifyAccessToken,
  findAuthUser,
  findAuthUserWith,
  sessionCacheOf,
  type AuthUser,
  type SessionStatementPart,
} from '../modules/auth/index.js';
import { authenticateKey, SESSION_ONLY_ROUTES } from '../modules/api-keys/index.js';
import { identifyCaller } from '../modules/audit/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
    sessionId: string;
    /** True when the caller authenticated with `X-Api-Key` (no session: sessionId is ''). */
    viaApiKey?: boolean;
    /**
     * A route with `config.sessionInStatement`: the token's claims, verified, whose session and
     * user authenticateWith checks in the handler's own statement. Unset once req.user is.
     */
    pendingSession?: { userId: string; sessionId: string };
  }
  interface FastifyContextConfig {
    /** The handler reads the session in its statement (authenticateWith) instead of a query of its own. */
    sessionInStatement?: boolean;
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
 *
 * A callback hook: a token verified before whose session's user this instance holds (nearly every
 * call) is accepted without a promise, by the same checks in the same order as
 * authenticateAsync, which takes every other case.
 */
export function authenticate(req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
  const token = req.headers.authorization?.startsWith('Bearer ') ? bearer(req) : null;
  const ctx = req.server.ctx;
  const claims = token ? verifiedAccessToken(ctx, token) : undefined;
  if (claims && claims.site === req.site.id && !req.routeOptions.config.sessionInStatement) {
    const user = sessionCacheOf(ctx.database).cache.get(claims.sid, claims.sub);
    if (user) {
      try {
        acceptSession(req, user, claims.sid);
      } catch (err) {
        done(err as Error);
        return;
      }
      done();
      return;
    }
  }
  authenticateAsync(req, reply).then(() => done(), done);
}

async function authenticateAsync(req: FastifyRequest, reply: FastifyReply): Promise<void> {
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
  if (req.routeOptions.config.sessionInStatement) {
    req.pendingSession = { userId: claims.sub, sessionId: claims.sid };
    return;
  }
  const { cache } = sessionCacheOf(ctx.database);
  let user = cache.get(claims.sid, claims.sub);
  if (!user) {
    const version = cache.version;
    user = await findAuthUser(ctx.db, claims.sub, claims.sid);
    if (user?.active && !user.sessionRevoked) {
      cache.set(claims.sid, user, version);
    }
  }
  acceptSession(req, user, claims.sid);
}

/** The session's user, as read with it: live, active and of this site, or 401 INVALID_TOKEN. */
function acceptSession(req: FastifyRequest, user: AuthUser | undefined, sessionId: string): void {
  if (!user?.active || user.sessionRevoked) {
    throw new AppError('INVALID_TOKEN');
  }
  // Owners are admins of every site; everyone else is bound to the site they belong to.
  if (user.siteId !== req.site.id && user.role !== ROLE.OWNER) {
    throw new AppError('INVALID_TOKEN');
  }
  req.user = user;
  req.sessionId = sessionId;
  identifyCaller({ id: user.id, isAdmin: isAdminRole(user.role) });
}

/**
 * For a route with `config.sessionInStatement`, in its handler: the session check and the
 * handler's read in one round trip. `part(userId)` gives the read's columns for the token's user;
 * they are computed only for a live session of an active user, and returned only once the user
 * passed the same checks as `authenticate`'s. Null when the caller was already authenticated
 * (an API key) or `part` gives null (a read that cannot be prepared): the user is checked on its
 * own and the handler reads as usual for req.user.
 */
export async function authenticateWith(
  req: FastifyRequest,
  part: (userId: string) => SessionStatementPart | null,
): Promise<Record<string, unknown> | null> {
  const pending = req.pendingSession;
  if (!pending) {
    if (!req.user) {
      throw new AppError('INVALID_TOKEN');
    }
    return null;
  }
  req.pendingSession = undefined;
  const db = req.server.ctx.db;
  const statement = part(pending.userId);
  if (!statement) {
    acceptSession(req, await findAuthUser(db, pending.userId, pending.sessionId), pending.sessionId);
    return null;
  }
  const { user, extra } = await findAuthUserWith(db, pending.userId, pending.sessionId, statement);
  acceptSession(req, user, pending.sessionId);
  return extra;
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
  // Object.assign, not a spread: see siteInfo (modules/site/site-info.ts) for what a spread costs.
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
