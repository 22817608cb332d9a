import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_METHODS,
  ZAdminMarkPaidRequest,
  ZAdminTopup,
  ZAdminTopupListQuery,
  ZBankSimulateRequest,
  ZBill,
  ZBillQuery,
  ZCompleteOrderRequest,
  ZPaymentConfig,
  ZPaymentMethodUpdate,
  ZPaymentPublicUrlUpdate,
  ZSepayWebhook,
  ZTazapayCreateRequest,
  ZTopup,
  ZTopupCreateRequest,
  ZTopupDetail,
  ZTopupListQuery,
  zPage,
} from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import { checkBankApiKey, receiveBankTransfer } from './bank.js';
import { configView, updateMethodConfig, updatePublicUrl } from './settings.js';
import * as adminCalls from './admin.js';
import * as payments from './service.js';
import type { ProviderMethod } from './service.js';

const ZIdParams = z.object({ id: z.string().max(100) });
const ZOutcome = z.object({ ok: z.literal(true), outcome: z.string() });

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for webhook signatures. */
    rawBody?: string;
  }
}

/** The origin the browser used, for provider return URLs when the site sets no public URL. */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

function caller(req: FastifyRequest): payments.PaymentCaller {
  return { site: req.site, origin: originOf(req), user: { id: req.user.id, email: req.user.email } };
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
  const tags = ['payments'];
  app.addHook('preHandler', authenticate);
  const detail = { 200: ZTopupDetail };

  const creates: [string, ProviderMethod][] = [
    ['/paypal-create-order', 'paypal'],
    ['/payment-credit-card', 'card'],
    ['/momo-create-order', 'momo'],
    ['/usdt-create-order', 'usdt'],
    ['/bytepay-create-order', 'bytepay'],
    ['/perfect-money-create-order', 'perfectmoney'],
  ];
  for (const [path, method] of creates) {
    app.post(path, { schema: { tags, body: ZTopupCreateRequest, response: detail } }, async (req) =>
      payments.createTopup(app.ctx, caller(req), method, req.body),
    );
  }
  app.post('/tazapay-create-order', { schema: { tags, body: ZTazapayCreateRequest, response: detail } }, async (req) =>
    payments.createTopup(app.ctx, caller(req), 'tazapay', req.body),
  );
  app.post('/bank-create-order', { schema: { tags, body: ZTopupCreateRequest, response: detail } }, async (req) =>
    payments.createBankTopup(app.ctx, caller(req), req.body.amount),
  );

  app.post(
    '/complete-paypal-payment',
    { schema: { tags, body: ZCompleteOrderRequest, response: detail } },
    async (req) => payments.completeOrder(app.ctx, caller(req), 'paypal', req.body.orderId),
  );
  app.post(
    '/bytepay-complete-order',
    { schema: { tags, body: ZCompleteOrderRequest, response: detail } },
    async (req) => payments.completeOrder(app.ctx, caller(req), 'bytepay', req.body.orderId),
  );
  app.get('/check-payment-credit/:id', { schema: { tags, params: ZIdParams, response: detail } }, async (req) =>
    payments.checkTopup(app.ctx, caller(req), req.params.id),
  );
  app.delete('/cancle-payment-credit/:id', { schema: { tags, params: ZIdParams, response: detail } }, async (req) =>
    payments.cancelTopup(app.ctx, caller(req), req.params.id),
  );
};

/** POST /api/user/perfect-money-complete-payment: the SCI status post, from Perfect Money's server. */
export const perfectMoneyStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawBodies(app);
  app.post(
    '/perfect-money-complete-payment',
    { schema: { tags: ['webhooks'], body: z.record(z.string(), z.string()), response: { 200: ZOutcome } } },
    async (req) => ({
      ok: true as const,
      outcome: await payments.handleProviderWebhook(app.ctx, req.site, originOf(req), 'perfectmoney', {
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
    app.post(`/${method}`, { schema: { tags, response: { 200: ZOutcome } } }, async (req) => ({
      ok: true as const,
      outcome: await payments.handleProviderWebhook(app.ctx, req.site, originOf(req), method, {
        headers: req.headers,
        rawBody: req.rawBody ?? '',
        body: req.body,
      }),
    }));
  }

  // MoMo wants 204 No Content for an IPN it may stop retrying.
  app.post('/momo', { schema: { tags } }, async (req, reply) => {
    await payments.handleProviderWebhook(app.ctx, req.site, originOf(req), 'momo', {
      headers: req.headers,
      rawBody: req.rawBody ?? '',
      body: req.body,
    });
    return reply.status(204).send();
  });
};

/** /api/bill/… */
export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bill'];
  app.addHook('preHandler', authenticate);

  app.get('/get-bill', { schema: { tags, querystring: ZBillQuery, response: { 200: ZBill } } }, async (req) =>
    payments.getBill(app.ctx, caller(req), req.query.amount),
  );

  // ---- admin: role checked here, site in every service call ----
  const admin = { preHandler: requireAdmin };

  app.get(
    '/admin/list-topup',
    { ...admin, schema: { tags, querystring: ZAdminTopupListQuery, response: { 200: zPage(ZAdminTopup) } } },
    async (req) => {
      const r = await adminCalls.listSiteTopups(app.ctx, req.site.id, req.query);
      return toPage(r.items, r.total, req.query.page, req.query.limit);
    },
  );

  app.put(
    '/admin/topup/:id',
    {
      ...admin,
      schema: {
        tags,
        params: ZIdParams,
        body: ZAdminMarkPaidRequest.extend({ userId: z.string().uuid().optional() }),
        response: { 200: ZAdminTopup },
      },
    },
    async (req) => adminCalls.adminMarkPaid(app.ctx, { id: req.user.id }, req.site.id, req.params.id, req.body),
  );

  app.put(
    '/admin/topup/:id/reject',
    { ...admin, schema: { tags, params: ZIdParams, response: { 200: ZAdminTopup } } },
    async (req) => adminCalls.adminReject(app.ctx, req.site.id, req.params.id),
  );

  app.post(
    '/admin/bank-simulate',
    { ...admin, schema: { tags, body: ZBankSimulateRequest, response: { 200: ZOutcome } } },
    async (req) => ({ ok: true as const, outcome: await adminCalls.simulateBankTransfer(app.ctx, req.site, req.body) }),
  );

  app.get('/admin/payment-methods', { ...admin, schema: { tags, response: { 200: ZPaymentConfig } } }, async (req) =>
    configView(app.ctx, req.site, originOf(req)),
  );

  for (const method of PAYMENT_METHODS) {
    app.put(
      `/admin/payment-methods/${method}`,
      { ...admin, schema: { tags, body: ZPaymentMethodUpdate[method], response: { 200: ZPaymentConfig } } },
      async (req) => {
        await updateMethodConfig(app.ctx, req.site.id, method, req.body, req.user);
        return freshConfig(app, req);
      },
    );
  }

  app.put(
    '/admin/payment-public-url',
    { ...admin, schema: { tags, body: ZPaymentPublicUrlUpdate, response: { 200: ZPaymentConfig } } },
    async (req) => {
      await updatePublicUrl(app.ctx, req.site.id, req.body.publicUrl, req.user);
      return freshConfig(app, req);
    },
  );
};

/** After a settings change: every instance sees it at once (SiteResolver.invalidate NOTIFYs the others). */
async function freshConfig(app: FastifyInstance, req: FastifyRequest) {
  app.sites.invalidate();
  const site = await app.sites.resolve(req.headers.host);
  return configView(app.ctx, site, originOf(req));
}

/** GET /api/log/list-topup */
export const topupLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  app.get(
    '/list-topup',
    { schema: { tags: ['log'], querystring: ZTopupListQuery, response: { 200: zPage(ZTopup) } } },
    async (req) => {
      const r = await payments.listUserTopups(app.ctx, req.user.id, req.query);
      return toPage(r.items, r.total, req.query.page, req.query.limit);
    },
  );
};
