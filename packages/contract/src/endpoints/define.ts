import type * as z from 'zod';
import type { ErrorCode } from '../errors.js';

/**
 * The endpoint registry's building block (docs/wire-contract.md#registry): one entry per call,
 * naming its method, its path under /api (with `:params`), the contract schemas of its params,
 * query and body, its 200 answer and the error codes it answers with besides the common ones.
 * The server registers its routes from these entries (apps/server/src/lib/route.ts) and the web
 * types `api.call` from them, so no request or answer type is written twice.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointSpec {
  params?: z.ZodType;
  /** Request headers the call reads (e.g. Idempotency-Key), lower-case. */
  headers?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 200 answer (JSON). Absent when the answer is a file or a stream: see `answer`. */
  response?: z.ZodType;
  /**
   * The answer is not JSON: a file (exports), a stream read as it arrives (NDJSON), or
   * Server-Sent Events (`events`).
   */
  answer?: 'file' | 'stream' | 'events';
  /** Error codes this call answers with besides the common ones (docs/wire-contract.md#errors). */
  errors?: readonly ErrorCode[];
}

export type Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends EndpointSpec = EndpointSpec,
> = S & {
  method: M;
  path: P;
  /** `METHOD /path`: how the web names the call (a string, so its first load carries no schema). */
  key: `${M} ${P}`;
};

/** One registry entry. */
export function endpoint<M extends HttpMethod, P extends string, const S extends EndpointSpec>(
  method: M,
  path: P,
  spec: S,
): Endpoint<M, P, S> {
  return { ...spec, method, path, key: `${method} ${path}` };
}

type Input<T> = T extends z.ZodType ? z.input<T> : never;
type Output<T> = T extends z.ZodType ? z.output<T> : never;

/** What a caller sends: `params` for the path, `query`, `body` (each only where the call has one). */
export type EndpointInput<E> = EndpointParamsInput<E> & EndpointQueryInput<E> & EndpointBodyInput<E>;

type EndpointParamsInput<E> = [E] extends [{ params: z.ZodType }] ? { params: Input<E['params']> } : { params?: never };
type EndpointQueryInput<E> = [E] extends [{ query: z.ZodType }]
  ? object extends Input<E['query']>
    ? { query?: Input<E['query']> }
    : { query: Input<E['query']> }
  : { query?: never };
type EndpointBodyInput<E> = [E] extends [{ body: z.ZodType }]
  ? undefined extends Input<E['body']>
    ? { body?: Input<E['body']> }
    : { body: Input<E['body']> }
  : { body?: never };

/** The body a caller sends (its input: defaults may be left out). */
export type EndpointBody<E> = [E] extends [{ body: z.ZodType }] ? Input<E['body']> : never;
/** The query a caller sends. */
export type EndpointQuery<E> = [E] extends [{ query: z.ZodType }] ? Input<E['query']> : never;

/** What the handler receives once the server validated it (defaults applied). */
export type EndpointRequest<E> = {
  params: E extends { params: z.ZodType } ? Output<E['params']> : unknown;
  query: E extends { query: z.ZodType } ? Output<E['query']> : unknown;
  body: E extends { body: z.ZodType } ? Output<E['body']> : unknown;
  headers: E extends { headers: z.ZodType } ? Output<E['headers']> : Record<string, string | string[] | undefined>;
};

/** The 200 answer of a JSON call (`unknown` for a file or a stream). */
export type EndpointAnswer<E> = E extends { response: z.ZodType } ? Output<E['response']> : unknown;

export type AnyEndpoint = Endpoint<HttpMethod, string, EndpointSpec>;

/** What the server's handler may return for the 200 answer (the schema's input: the serializer checks it). */
export type EndpointReply<E> = E extends { response: z.ZodType } ? Input<E['response']> : unknown;
