import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as service from './service.js';

/** /api/audit/… (docs/wire-contract.md#audit). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit'];
  app.addHook('preHandler', authenticate);
  route(app, auditEndpoints.list, { schema: { tags } }, async (req) =>
    service.listAudit(app.ctx, req.user.id, req.query),
  );
  route(app, auditEndpoints.adminList, { preHandler: requireAdmin, schema: { tags } }, async (req) =>
    service.adminListAudit(app.ctx, req.site.id, req.query.userId, req.query),
  );
};

export const routes: ModuleRoutes = [{ plugin: auditRoutes, prefix: '/audit' }];
