import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billEndpoints,
  PAYMENT_METHODS,
  topupEndpoints,
  topupLogEndpoints,
  ZPaymentOutcome,
  ZSepayWebhook,
  type PaymentMethod,
} from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { route } from '../../lib/route.js';
import { checkBankApiKey, receiveBankTransfer } from './bank.js';
import { configView, updateMethodConfig, updatePublicUrl } from './settings.js';
import * as adminCalls from './admin.js';
import * as payments from './service.js';
import type { ProviderMethod } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for webhook signatures. */
    rawBody?: string;
  }
}

function caller(req: FastifyRequest): payments.PaymentCaller {
  return { site: req.site, origin: requestOrigin(req), user: { id: req.user.id, email: req.user.email } };
}

/**
 * Webhook signatures are computed over the exact bytes sent, so these routes keep the raw body
 * beside the parsed one; Perfect Money posts a form.
 */
function keepRawBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    // Too deep a body never gets here: the input guard's stream stage refuses it while it arrives.
    req.rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch (err) {
      (err as { statusCode?: number }).statusCode = 400;
      done(err as Error, undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    req.rawBody = body as string;
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** /api/user/… — create, complete, check and cancel a top-up (docs/wire-contract.md#top-ups). */
export const paymentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['payments'] } };
  const e = topupEndpoints;
  app.addHook('preHandler', authenticate);

  const creates = [
    [e.paypalCreate, 'paypal'],
    [e.cardCreate, 'card'],
    [e.momoCreate, 'momo'],
    [e.usdtCreate, 'usdt'],
    [e.bytepayCreate, 'bytepay'],
    [e.perfectMoneyCreate, 'perfectmoney'],
  ] as const satisfies readonly (readonly [unknown, ProviderMethod])[];
  for (const [entry, method] of creates) {
    route(app, entry, opts, async (req) => payments.createTopup(app.ctx, caller(req), method, req.body));
  }
  route(app, e.tazapayCreate, opts, async (req) => payments.createTopup(app.ctx, caller(req), 'tazapay', req.body));
  route(app, e.bankCreate, opts, async (req) => payments.createBankTopup(app.ctx, caller(req), req.body.amount));

  route(app, e.completePaypal, opts, async (req) =>
    payments.completeOrder(app.ctx, caller(req), 'paypal', req.body.orderId),
  );
  route(app, e.completeBytepay, opts, async (req) =>
    payments.completeOrder(app.ctx, caller(req), 'bytepay', req.body.orderId),
  );
  route(app, e.check, opts, async (req) => payments.checkTopup(app.ctx, caller(req), req.params.id));
  route(app, e.cancel, opts, async (req) => payments.cancelTopup(app.ctx, caller(req), req.params.id));
};

/** POST /api/user/perfect-money-complete-payment: the SCI status post, from Perfect Money's server. */
export const perfectMoneyStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawBodies(app);
  app.post(
    '/perfect-money-complete-payment',
    { schema: { tags: ['webhooks'], body: z.record(z.string(), z.string()), response: { 200: ZPaymentOutcome } } },
    async (req) => ({
      ok: true as const,
      outcome: await payments.handleProviderWebhook(app.ctx, req.site, requestOrigin(req), 'perfectmoney', {
        headers: req.headers,
        rawBody: req.rawBody ?? '',
        body: req.body,
      }),
    }),
  );
};

/** POST /api/webhook/<method>. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['webhooks'];
  keepRawBodies(app);

  app.post(
    '/bank',
    { schema: { tags, body: ZSepayWebhook, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (req) => {
      checkBankApiKey(app.ctx, req.site, req.headers.authorization);
      await receiveBankTransfer(app.ctx, req.site, req.body);
      return { success: true as const };
    },
  );

  const providerMethods = ['paypal', 'card', 'bytepay', 'tazapay', 'perfectmoney'] as const;
  for (const method of providerMethods) {
    app.post(`/${method}`, { schema: { tags, response: { 200: ZPaymentOutcome } } }, async (req) => ({
      ok: true as const,
      outcome: await payments.handleProviderWebhook(app.ctx, req.site, requestOrigin(req), method, {
        headers: req.headers,
        rawBody: req.rawBody ?? '',
        body: req.body,
      }),
    }));
  }

  // MoMo wants 204 No Content for an IPN it may stop retrying.
  app.post('/momo', { schema: { tags } }, async (req, reply) => {
    await payments.handleProviderWebhook(app.ctx, req.site, requestOrigin(req), 'momo', {
      headers: req.headers,
      rawBody: req.rawBody ?? '',
      body: req.body,
    });
    return reply.status(204).send();
  });
};

/** /api/bill/… */
export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['bill'] } };
  const e = billEndpoints;
  app.addHook('preHandler', authenticate);

  route(app, e.getBill, opts, async (req) => payments.getBill(app.ctx, caller(req), req.query.amount));

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

/** After a settings change: every instance sees it at once (SiteResolver.invalidate NOTIFYs the others). */
async function freshConfig(app: FastifyInstance, req: FastifyRequest) {
  app.sites.invalidate();
  const site = await app.sites.resolve(req.headers.host);
  return configView(app.ctx, site, requestOrigin(req));
}

/** GET /api/log/list-topup */
export const topupLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  route(app, topupLogEndpoints.listTopup, { schema: { tags: ['log'] } }, async (req) => {
    const r = await payments.listUserTopups(app.ctx, req.user.id, req.query);
    return toPage(r.items, r.total, req.query.page, req.query.limit);
  });
};
