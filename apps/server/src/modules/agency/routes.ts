import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agencyAdminEndpoints, agencyEndpoints } from '@proxy/contract';
import { AppError } from '../../lib/errors.js';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as admin from './admin.js';
import { transferToMember } from './money.js';
import * as agency from './service.js';

/** docs/wire-contract.md#agency: shown only where the site has showAgencyApi; elsewhere every call is 404. */
async function requireAgencySite(req: FastifyRequest): Promise<void> {
  if (!req.site.showAgencyApi) {
    throw new AppError('NOT_FOUND');
  }
}

const caller = (req: Pick<FastifyRequest, 'user' | 'site'>): agency.Caller => ({
  id: req.user.id,
  siteId: req.site.id,
});

/** /api/agency/… (docs/wire-contract.md#agency). */
export const agencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['agency'] } };
  const e = agencyEndpoints;
  app.addHook('onRequest', requireAgencySite);
  app.addHook('preHandler', authenticate);
  route(app, e.create, opts, async (req) => agency.createAgency(app.ctx, caller(req), req.body));
  route(app, e.detail, opts, async (req) => agency.agencyDetail(app.ctx, caller(req)));
  route(app, e.update, opts, async (req) => agency.updateOwnAgency(app.ctx, caller(req), req.body));
  route(app, e.listMember, opts, async (req) => agency.listOwnMembers(app.ctx, caller(req), req.query));
  route(app, e.myStats, opts, async (req) => agency.myStats(app.ctx, caller(req)));
  route(app, e.stats, opts, async (req) =>
    agency.dailyStats(app.ctx, caller(req), { ...req.query, timeZone: req.site.timeZone }),
  );
  route(app, e.membership, opts, async (req) => agency.membership(app.ctx, caller(req)));
  route(app, e.transfer, opts, async (req) =>
    transferToMember(app.ctx, caller(req), req.body, req.headers['idempotency-key']),
  );
};

/** /api/agency-admin/… : the site admin's calls, on the admin's own site only. */
export const agencyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['agency-admin'] } };
  const e = agencyAdminEndpoints;
  app.addHook('onRequest', requireAgencySite);
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  route(app, e.listAgency, opts, async (req) => admin.listAgencies(app.ctx, req.site.id, req.query));
  route(app, e.toggleAgencyStatus, opts, async (req) =>
    admin.toggleAgency(app.ctx, req.site.id, req.body.agencyId, req.body.isActive),
  );
  route(app, e.update, opts, async (req) => admin.adminUpdateAgency(app.ctx, req.site.id, req.body));
  route(app, e.delete, opts, async (req) => {
    await admin.deleteAgency(app.ctx, req.site.id, req.params.id);
    return { ok: true as const };
  });
};

export const routes: ModuleRoutes = [
  { plugin: agencyRoutes, prefix: '/agency' },
  { plugin: agencyAdminRoutes, prefix: '/agency-admin' },
];
