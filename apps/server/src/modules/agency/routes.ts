import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { agencyStatsRoutes } from './agency-stats.js';
import { createAgencyRoutes } from './create-agency.js';
import { deleteAgencyRoute } from './delete-agency.js';
import { listAgenciesRoute } from './list-agencies.js';
import { listMembersRoute } from './list-members.js';
import { membershipRoute } from './membership.js';
import { toggleAgencyRoute } from './toggle-agency.js';
import { transferRoute } from './transfer.js';
import { adminUpdateAgencyRoute, updateAgencyRoute } from './update-agency.js';

/** docs/wire-contract.md#agency: shown only where the site has showAgencyApi; elsewhere every call is 404. */
async function requireAgencySite(req: FastifyRequest): Promise<void> {
  if (!req.site.showAgencyApi) {
    throw new AppError('NOT_FOUND');
  }
}

/** /api/agency/… (docs/wire-contract.md#agency). */
export const agencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['agency'] } };
  app.addHook('onRequest', requireAgencySite);
  app.addHook('preHandler', authenticate);
  createAgencyRoutes(app, opts);
  updateAgencyRoute(app, opts);
  listMembersRoute(app, opts);
  agencyStatsRoutes(app, opts);
  membershipRoute(app, opts);
  transferRoute(app, opts);
};

/** /api/agency-admin/… : the site admin's calls, on the admin's own site only. */
export const agencyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['agency-admin'] } };
  app.addHook('onRequest', requireAgencySite);
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  listAgenciesRoute(app, opts);
  toggleAgencyRoute(app, opts);
  adminUpdateAgencyRoute(app, opts);
  deleteAgencyRoute(app, opts);
};

export const routes: ModuleRoutes = [
  { plugin: agencyRoutes, prefix: '/agency' },
  { plugin: agencyAdminRoutes, prefix: '/agency-admin' },
];
