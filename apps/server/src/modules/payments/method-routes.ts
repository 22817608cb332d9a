import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billEndpoints, PAYMENT_METHODS, type PaymentMethod } from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { route } from '../../lib/route.js';
import { configView, updateMethodConfig, updatePublicUrl } from './settings.js';

/** After a settings change: every instance sees it at once (SiteResolver.invalidate NOTIFYs the others). */
async function freshConfig(app: FastifyInstance, req: FastifyRequest) {
  app.sites.invalidate();
  const site = await app.sites.resolve(req.headers.host);
  return configView(app.ctx, site, requestOrigin(req));
}

/** /api/bill/admin/…: the site's payment methods and the public URL providers call back. */
export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { schema: { tags: ['bill'] }, preHandler: requireAdmin };
  const e = billEndpoints;
  app.addHook('preHandler', authenticate);

  route(app, e.adminPaymentMethods, admin, async (req) => configView(app.ctx, req.site, requestOrigin(req)));

  const methodUpdates = {
    bank: e.updateBank,
    paypal: e.updatePaypal,
    card: e.updateCard,
    momo: e.updateMomo,
    perfectmoney: e.updatePerfectMoney,
    usdt: e.updateUsdt,
    bytepay: e.updateBytepay,
    tazapay: e.updateTazapay,
  } satisfies Record<PaymentMethod, unknown>;
  for (const method of PAYMENT_METHODS) {
    route(app, methodUpdates[method], admin, async (req) => {
      await updateMethodConfig(app.ctx, req.site.id, method, req.body, req.user);
      return freshConfig(app, req);
    });
  }

  route(app, e.adminPublicUrl, admin, async (req) => {
    await updatePublicUrl(app.ctx, req.site.id, req.body.publicUrl, req.user);
    return freshConfig(app, req);
  });
};
