import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { nodeChangesRoute } from './changes.js';
import { nodeStateRoute } from './node-state.js';
import { nodeTrafficRoute } from './traffic.js';

/** The gateway node protocol under /api/sub-server/node (docs/gateway-protocol.md). */
const nodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sub-server'];
  // Open change streams, ended when the server shuts down (they would hold it open otherwise).
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) {
      end();
    }
  });
  nodeStateRoute(app, tags);
  nodeTrafficRoute(app, tags);
  nodeChangesRoute(app, tags, streams);
};

export const routes: ModuleRoutes = [{ plugin: nodeRoutes, prefix: '/sub-server' }];
