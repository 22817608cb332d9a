import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminAuditListQuery, ZAuditListQuery, ZAuditPage } from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as service from './service.js';

/** /api/audit/… (docs/wire-contract.md#audit). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit'];
  app.addHook('preHandler', authenticate);
  app.get('/list', { schema: { tags, querystring: ZAuditListQuery, response: { 200: ZAuditPage } } }, async (req) =>
    service.listAudit(app.ctx, req.user.id, req.query),
  );
  app.get(
    '/admin/list',
    { preHandler: requireAdmin, schema: { tags, querystring: ZAdminAuditListQuery, response: { 200: ZAuditPage } } },
    async (req) => service.adminListAudit(app.ctx, req.site.id, req.query.userId, req.query),
  );
};
