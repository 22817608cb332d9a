import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request being served, for code that has no `req` at hand (a service writing an audit row,
 * a log line deep in a repository): `currentRequestId()` is the id Fastify logs as `reqId`, sends
 * back as `X-Request-Id` and puts into 5xx answers. Outside a request (jobs, boot) it is undefined.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `fn` (the rest of the request's hooks) with `requestId` as the current request. */
export function runWithRequestId(requestId: string, fn: () => void): void {
  storage.run({ requestId }, fn);
}

/** A caller's or balancer's `X-Request-Id` is kept when it is short and plain; anything else gets a new one. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && ACCEPTED.test(header) ? header : randomUUID();
}
