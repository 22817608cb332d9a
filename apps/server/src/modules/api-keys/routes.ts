import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import { allowedIpsRoute } from './allowed-ips.js';
import { apiInfoRoute } from './api-info.js';
import { publicDocument, type OpenApiDocument } from './openapi.js';

/** /api/api/… (docs/wire-contract.md#developer-api): the caller's key, allowed IPs and limit. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['api'] } };
  app.addHook('preHandler', authenticate);
  apiInfoRoute(app, opts);
  allowedIpsRoute(app, opts);
};

/** GET /api/openapi.json: the public reference, customer operations only. */
export const publicDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  let cached: unknown = null;
  app.get('/openapi.json', { schema: { hide: true } }, async () => {
    cached ??= publicDocument(app.swagger() as unknown as OpenApiDocument);
    return cached;
  });
};

export const routes: ModuleRoutes = [{ plugin: apiKeyRoutes, prefix: '/api' }, { plugin: publicDocumentRoutes }];
