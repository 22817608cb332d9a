import { currentRequestScope, runInScope } from '../../lib/request-context.js';

/**
 * Who is acting, for the rows the audit trail writes inside services: set once per request (the
 * client IP on arrival, the caller once authenticated) and read when a row is recorded, so the
 * services that change proxies, keys and orders need not carry a request object. Code that runs
 * outside any request (jobs) records `system`; `asSystem` says so explicitly for a job started by a
 * request (the test clock's run-jobs).
 */
export interface AuditScope {
  /** Fastify's `req.ip`: the rightmost X-Forwarded-For entry TRUST_PROXY's hops did not add. */
  ip: string | null;
  callerId?: string;
  callerIsAdmin?: boolean;
  /** Set when the caller authenticated with X-Api-Key (its hint, never the key). */
  apiKeyHint?: string | null;
  system?: boolean;
}

// Kept in the request's one AsyncLocalStorage store (lib/request-context.ts), beside its id.
function auditScope(): AuditScope | undefined {
  return currentRequestScope()?.audit as AuditScope | undefined;
}

/**
 * preValidation hook body: everything the request does from here on runs in its own scope (the
 * request id, entered on arrival, is kept).
 */
export function runInRequestScope(requestId: string, ip: string, next: () => void): void {
  runInScope({ requestId, audit: { ip } satisfies AuditScope }, next);
}

/** Called by the auth plugin once the caller is known. */
export function identifyCaller(caller: { id: string; isAdmin: boolean; apiKeyHint?: string | null }): void {
  const scope = auditScope();
  if (scope) {
    scope.callerId = caller.id;
    scope.callerIsAdmin = caller.isAdmin;
    scope.apiKeyHint = caller.apiKeyHint ?? null;
  }
}

export function asSystem<T>(fn: () => Promise<T>): Promise<T> {
  const audit: AuditScope = { ip: null, system: true };
  return runInScope({ requestId: currentRequestScope()?.requestId, audit }, fn);
}

export function currentScope(): AuditScope | undefined {
  return auditScope();
}

export type AuditActor = 'user' | 'api-key' | 'admin' | 'system';

/**
 * The actor of a row in `ownerId`'s trail: the owner themself (by session or by their API key), an
 * admin acting on a customer, or the system. A request with no caller yet (login, a rotating key's
 * get-new-ip link) is the account holder acting.
 */
export function actorFor(ownerId: string): {
  actor: AuditActor;
  actorUserId: string | null;
  ip: string | null;
  apiKeyHint: string | null;
} {
  const scope = auditScope();
  if (!scope || scope.system) {
    return { actor: 'system', actorUserId: null, ip: null, apiKeyHint: null };
  }
  const actorUserId = scope.callerId ?? null;
  if (scope.apiKeyHint) {
    return { actor: 'api-key', actorUserId, ip: scope.ip, apiKeyHint: scope.apiKeyHint };
  }
  const actor = scope.callerId && scope.callerId !== ownerId && scope.callerIsAdmin ? 'admin' : 'user';
  return { actor, actorUserId, ip: scope.ip, apiKeyHint: null };
}
