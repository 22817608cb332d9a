import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nodeAdminEndpoints } from '@proxy/contract';
import { authenticate, requireOwner } from '../../plugins/auth.js';
import { route } from '../../lib/route.js';
import * as nodes from './admin-service.js';

/** /api/sub-server/admin/*: gateway nodes are the owner's infrastructure, shared by every site. */
export const nodeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['sub-server'] } };
  const e = nodeAdminEndpoints;
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireOwner);

  route(app, e.list, opts, async () => nodes.listNodes(app.ctx));

  route(app, e.create, opts, async (req) => nodes.addNode(app.ctx, req.body));

  route(app, e.update, opts, async (req) => {
    await nodes.editNode(app.ctx, req.params.id, req.body);
    return { ok: true as const };
  });

  route(app, e.rotateSecret, opts, async (req) => ({ secret: await nodes.rotateNodeSecret(app.ctx, req.params.id) }));

  route(app, e.egress, opts, async (req) => nodes.listEgress(app.ctx, req.params.id));

  route(app, e.addEgress, opts, async (req) => nodes.addEgressToNode(app.ctx, req.params.id, req.body));

  route(app, e.deleteEgress, opts, async (req) =>
    nodes.removeEgress(app.ctx, req.params.id, req.body.product, req.body.country),
  );
};
