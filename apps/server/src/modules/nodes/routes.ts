import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireOwner } from '../../plugins/auth.js';
import { egressRoutes } from './egress.js';
import { listNodesRoute } from './list-nodes.js';
import { saveNodeRoutes } from './save-node.js';

/** /api/sub-server/admin/*: gateway nodes are the owner's infrastructure, shared by every site. */
const nodeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['sub-server'] } };
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireOwner);
  listNodesRoute(app, opts);
  saveNodeRoutes(app, opts);
  egressRoutes(app, opts);
};

export const routes: ModuleRoutes = [{ plugin: nodeAdminRoutes, prefix: '/sub-server/admin' }];
