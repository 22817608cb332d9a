import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import { manageTagRoutes } from './manage-tags.js';
import { tagKeyRoutes, tagProxyRoutes } from './tag-items.js';

const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  manageTagRoutes(app, { schema: { tags: ['tag'] } });
};

function proxyTagRoutes(scope: 'v6' | 'v4' | 'bought'): FastifyPluginAsyncZod {
  return async (app) => tagProxyRoutes(app, scope, { preHandler: authenticate, schema: { tags: [`${scope}-proxy`] } });
}

const keyTagRoutes: FastifyPluginAsyncZod = async (app) =>
  tagKeyRoutes(app, { preHandler: authenticate, schema: { tags: ['key'] } });

export const routes: ModuleRoutes = [
  { plugin: proxyTagRoutes('v6'), prefix: '/v6-proxy' },
  { plugin: proxyTagRoutes('v4'), prefix: '/v4-proxy' },
  { plugin: proxyTagRoutes('bought'), prefix: '/bought-proxy' },
  { plugin: keyTagRoutes, prefix: '/key' },
  { plugin: tagRoutes, prefix: '/tag' },
];
