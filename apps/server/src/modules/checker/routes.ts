import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import type { ProxyScope } from '../proxies/index.js';
import { checkLinesRoute } from './check-lines.js';
import { checkOwnRoute } from './check-own.js';

/** PUT check-list-proxy under /api/v6-proxy, /api/v4-proxy and /api/bought-proxy. */
export function checkOwnRoutes(scope: ProxyScope): FastifyPluginAsyncZod {
  return async (app) => {
    checkOwnRoute(app, { preHandler: authenticate, schema: { tags: [`${scope}-proxy`] } }, scope);
  };
}

/** /api/tools/check-proxy: the free "Check Proxy" tool. */
export const toolRoutes: FastifyPluginAsyncZod = async (app) => {
  checkLinesRoute(app, { preHandler: authenticate, schema: { tags: ['tools'] } });
};

export const routes: ModuleRoutes = [
  { plugin: checkOwnRoutes('v6'), prefix: '/v6-proxy' },
  { plugin: checkOwnRoutes('v4'), prefix: '/v4-proxy' },
  { plugin: checkOwnRoutes('bought'), prefix: '/bought-proxy' },
  { plugin: toolRoutes, prefix: '/tools' },
];
