import type { FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnyEndpoint, EndpointReply, EndpointRequest } from '@proxy/contract';

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

export type EndpointHandler<E> = (
  req: EndpointReq<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply | undefined>;

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
