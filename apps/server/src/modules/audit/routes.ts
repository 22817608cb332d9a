import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import { listAuditRoutes } from './list-audit.js';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  listAuditRoutes(app, ['audit']);
};

export const routes: ModuleRoutes = [{ plugin: auditRoutes, prefix: '/audit' }];
