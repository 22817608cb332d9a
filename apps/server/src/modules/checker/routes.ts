import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkOwnEndpoints, toolEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import { hitLimit } from '../../lib/rate-limit.js';
import type { ProxyScope } from '../proxies/index.js';
import { checkLines, checkOwnProxies } from './service.js';

/** PUT check-list-proxy under /api/v6-proxy, /api/v4-proxy and /api/bought-proxy. */
export function checkOwnRoutes(scope: ProxyScope): FastifyPluginAsyncZod {
  return async (app) => {
    const opts = { preHandler: authenticate, schema: { tags: [`${scope}-proxy`] } };
    route(app, checkOwnEndpoints(scope).checkListProxy, opts, async (req) => {
      await hitLimit(app.ctx.db, app.ctx.clock, { key: `check-own:${req.user.id}`, max: 30, windowSec: 60 });
      return checkOwnProxies(app.ctx, req.user.id, scope, req.body.listProxyId);
    });
  };
}

/**
 * /api/tools/check-proxy: the free "Check Proxy" tool. Results stream as NDJSON, one line per
 * proxy as soon as it is done, so the page shows progress; the last line is {"done":N}.
 */
export const toolRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { preHandler: authenticate, schema: { tags: ['tools'] } };
  route(app, toolEndpoints.checkProxy, opts, async (req, reply) => {
    // Checking opens many outgoing connections: a few runs a minute per user.
    await hitLimit(app.ctx.db, app.ctx.clock, { key: `check-tool:${req.user.id}`, max: 5, windowSec: 60 });
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    let n = 0;
    try {
      await checkLines(app.ctx, req.body.lines, req.body.protocol, (r) => {
        n++;
        res.write(`${JSON.stringify(r)}\n`);
      });
      res.end(`${JSON.stringify({ done: n })}\n`);
    } catch (err) {
      req.log.error({ err }, 'proxy check failed');
      res.end(`${JSON.stringify({ error: 'UNKNOW_ERROR', done: n })}\n`);
    }
    return undefined;
  });
};

export const routes: ModuleRoutes = [
  { plugin: checkOwnRoutes('v6'), prefix: '/v6-proxy' },
  { plugin: checkOwnRoutes('v4'), prefix: '/v4-proxy' },
  { plugin: checkOwnRoutes('bought'), prefix: '/bought-proxy' },
  { plugin: toolRoutes, prefix: '/tools' },
];
