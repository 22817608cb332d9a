import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAgency,
  ZAgencyAdminListQuery,
  ZAgencyAdminUpdateRequest,
  ZAgencyCreateRequest,
  ZAgencyMemberPage,
  ZAgencyMembership,
  ZAgencyMyStats,
  ZAgencyPage,
  ZAgencyStats,
  ZAgencyStatsQuery,
  ZAgencyToggleRequest,
  ZAgencyTransferRequest,
  ZAgencyTransferResponse,
  ZAgencyUpdateRequest,
  ZListQuery,
  ZOk,
} from '@proxy/contract';
import { AppError } from '../../lib/errors.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import * as admin from './admin.js';
import { transferToMember } from './money.js';
import * as agency from './service.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const ZIdempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

/** API.md#agency: shown only where the site has showAgencyApi; elsewhere every call is 404. */
async function requireAgencySite(req: FastifyRequest): Promise<void> {
  if (!req.site.showAgencyApi) {
    throw new AppError('NOT_FOUND');
  }
}

const caller = (req: FastifyRequest): agency.Caller => ({ id: req.user.id, siteId: req.site.id });

/** /api/agency/… (docs/wire-contract.md#agency). */
export const agencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['agency'];
  app.addHook('onRequest', requireAgencySite);
  app.addHook('preHandler', authenticate);
  app.post('/create', { schema: { tags, body: ZAgencyCreateRequest, response: { 200: ZAgency } } }, async (req) =>
    agency.createAgency(app.ctx, caller(req), req.body),
  );
  app.get('/detail', { schema: { tags, response: { 200: ZAgency } } }, async (req) =>
    agency.agencyDetail(app.ctx, caller(req)),
  );
  app.put('/update', { schema: { tags, body: ZAgencyUpdateRequest, response: { 200: ZAgency } } }, async (req) =>
    agency.updateOwnAgency(app.ctx, caller(req), req.body),
  );
  app.get(
    '/list-member',
    { schema: { tags, querystring: ZListQuery, response: { 200: ZAgencyMemberPage } } },
    async (req) => agency.listOwnMembers(app.ctx, caller(req), req.query),
  );
  app.get('/my-stats', { schema: { tags, response: { 200: ZAgencyMyStats } } }, async (req) =>
    agency.myStats(app.ctx, caller(req)),
  );
  app.get(
    '/stats',
    { schema: { tags, querystring: ZAgencyStatsQuery, response: { 200: ZAgencyStats } } },
    async (req) => agency.dailyStats(app.ctx, caller(req), req.query.from, req.query.to),
  );
  app.get('/member/detail-agency', { schema: { tags, response: { 200: ZAgencyMembership } } }, async (req) =>
    agency.membership(app.ctx, caller(req)),
  );
  app.post(
    '/transfer',
    {
      schema: {
        tags,
        headers: ZIdempotencyHeaders,
        body: ZAgencyTransferRequest,
        response: { 200: ZAgencyTransferResponse },
      },
    },
    async (req) => transferToMember(app.ctx, caller(req), req.body, req.headers['idempotency-key']),
  );
};

/** /api/agency-admin/… : the site admin's calls, on the admin's own site only. */
export const agencyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['agency-admin'];
  app.addHook('onRequest', requireAgencySite);
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireAdmin);
  app.get(
    '/list-agency',
    { schema: { tags, querystring: ZAgencyAdminListQuery, response: { 200: ZAgencyPage } } },
    async (req) => admin.listAgencies(app.ctx, req.site.id, req.query),
  );
  app.put(
    '/toggle-agency-status',
    { schema: { tags, body: ZAgencyToggleRequest, response: { 200: ZAgency } } },
    async (req) => admin.toggleAgency(app.ctx, req.site.id, req.body.agencyId, req.body.isActive),
  );
  app.put('/update', { schema: { tags, body: ZAgencyAdminUpdateRequest, response: { 200: ZAgency } } }, async (req) =>
    admin.adminUpdateAgency(app.ctx, req.site.id, req.body),
  );
  app.delete('/delete/:id', { schema: { tags, params: ZIdParams, response: { 200: ZOk } } }, async (req) => {
    await admin.deleteAgency(app.ctx, req.site.id, req.params.id);
    return { ok: true as const };
  });
};
