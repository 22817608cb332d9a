import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { trackStreams } from '../../lib/sse.js';
import { authenticate } from '../../plugins/auth.js';
import { liveUsageRoute, UsageHub } from './live-usage.js';
import { proxyHistoryRoute } from './proxy-history.js';

/**
 * /api/usage (docs/wire-contract.md#usage): a proxy's traffic history and the live stream of the
 * caller's proxies' traffic. Both see only the caller's own proxies.
 */
export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usage'];
  const hub = new UsageHub(app.ctx.database, app.log, () => app.ctx.clock.nowMs());
  const open = trackStreams(app, { afterEnd: () => hub.close() });
  proxyHistoryRoute(app, { preHandler: authenticate, schema: { tags } });
  liveUsageRoute(app, { preHandler: authenticate, schema: { tags, hide: true } }, hub, open);
};

export const routes: ModuleRoutes = [{ plugin: usageRoutes, prefix: '/usage' }];
