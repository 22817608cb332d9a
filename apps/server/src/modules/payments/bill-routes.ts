import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billEndpoints } from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import { route } from '../../lib/route.js';
import { caller } from './caller.js';
import * as adminCalls from './admin.js';
import { getBill } from './service.js';

/** /api/bill/…: a customer's bill, and the site's top-ups for its admins. */
export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['bill'] } };
  const e = billEndpoints;
  app.addHook('preHandler', authenticate);

  route(app, e.getBill, opts, async (req) => getBill(app.ctx, caller(req), req.query.amount));

  // ---- admin: role checked here, site in every service call ----
  const admin = { ...opts, preHandler: requireAdmin };

  route(app, e.adminListTopup, admin, async (req) => {
    const r = await adminCalls.listSiteTopups(app.ctx, req.site.id, req.query);
    return toPage(r.items, r.total, req.query.page, req.query.limit);
  });

  route(app, e.adminMarkPaid, admin, async (req) =>
    adminCalls.adminMarkPaid(app.ctx, { id: req.user.id }, req.site.id, req.params.id, req.body),
  );

  route(app, e.adminReject, admin, async (req) => adminCalls.adminReject(app.ctx, req.site.id, req.params.id));

  route(app, e.adminBankSimulate, admin, async (req) => ({
    ok: true as const,
    outcome: await adminCalls.simulateBankTransfer(app.ctx, req.site, req.body),
  }));
};
