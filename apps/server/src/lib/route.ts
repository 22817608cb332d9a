import type { FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnyEndpoint, EndpointReply, EndpointRequest } from '@proxy/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

/** The Fastify instance a route plugin registers on. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** The request a registry route's handler gets: params, query, body (and headers) as validated. */
export type EndpointReq<E> = Omit<FastifyRequest, 'params' | 'query' | 'body' | 'headers'> & EndpointRequest<E>;

export interface RouteOptions extends Pick<
  RouteShorthandOptions,
  'preValidation' | 'preHandler' | 'bodyLimit' | 'config'
> {
  /** The OpenAPI tags (and `hide`) of the route; its schemas come from the registry entry. */
  schema?: Pick<FastifySchema, 'tags' | 'hide'>;
}

/**
 * A handler answers with a promise of the answer, or, having called `reply.send` itself, returns
 * undefined at once (a call answered from memory needs no promise).
 */
export type EndpointHandler<E> = (
  req: EndpointReq<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply | undefined> | undefined;

/**
 * Registers the route of a registry entry (docs/wire-contract.md#registry): its method, its path
 * made relative to the plugin's prefix, and its schemas, which validate params, query, body and
 * headers and serialise the 200 answer. The handler is typed from the same entry.
 */
export function route<E extends AnyEndpoint>(
  app: RouteApp,
  endpoint: E,
  options: RouteOptions,
  handler: EndpointHandler<E>,
): void {
  const full = `/api${endpoint.path}`;
  if (!full.startsWith(app.prefix)) {
    throw new Error(`${endpoint.key} is not under the prefix ${app.prefix}`);
  }
  app.route({
    ...options,
    method: endpoint.method,
    url: full.slice(app.prefix.length),
    schema: {
      ...options.schema,
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.headers && { headers: endpoint.headers }),
      ...(endpoint.response && { response: { 200: endpoint.response } }),
    },
    handler: handler as never,
  });
}

/** One route plugin of a module and the prefix under /api it is registered at. */
export interface ModuleRoute {
  plugin: FastifyPluginAsyncZod;
  prefix?: string;
  /** Registered only when this holds for the config (the test clock's routes). */
  enabled?: (config: Config) => boolean;
}

/** A module's HTTP surface: its `routes.ts` exports it as `routes`, and app.ts registers it. */
export type ModuleRoutes = readonly ModuleRoute[];

/** A session's user as a stream's periodic check needs it; undefined when there is no such user. */
export type SessionUserLookup = (
  db: Db,
  userId: string,
  sessionId: string,
) => Promise<{ active: boolean; sessionRevoked: boolean } | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The session lookup of the streams (realtime, usage), which sit below auth: app.ts hands in
     * auth's, since auth publishes ended sessions through realtime.
     */
    sessionUser: SessionUserLookup;
  }
}
