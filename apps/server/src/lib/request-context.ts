import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request being served, for code that has no `req` at hand (a service writing an audit row,
 * a log line deep in a repository): `currentRequestId()` is the id Fastify logs as `reqId`, sends
 * back as `X-Request-Id` and puts into 5xx answers. Outside a request (jobs, boot) it is undefined.
 *
 * One store for everything kept per request (the audit trail's who-acts too, modules/audit/
 * context.ts): with an AsyncLocalStorage in use, Node's async hooks run for every promise, write
 * and tick, once per storage, so a second storage cost every request a second pass.
 */
export interface RequestScope {
  requestId?: string;
  /** The audit trail's scope (modules/audit/context.ts owns its shape), from preValidation on. */
  audit?: object;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The request's scope as it stands, for a module keeping its own part in it. */
export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}

/** Runs `fn` (the rest of the request's hooks) with `requestId` as the current request. */
export function runWithRequestId(requestId: string, fn: () => void): void {
  storage.run({ requestId }, fn);
}

/** Runs `fn` in `scope` (a module's part added to the current request's). */
export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** A caller's or balancer's `X-Request-Id` is kept when it is short and plain; anything else gets a new one. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && ACCEPTED.test(header) ? header : randomUUID();
}
