import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookEndpoints } from '@proxy/contract';
import { requestOrigin } from '../../lib/request-origin.js';
import { route } from '../../lib/route.js';
import { bankWebhookRoute } from './receive-transfer.js';
import { handleProviderWebhook, type ProviderMethod } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for webhook signatures. */
    rawBody?: string;
  }
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

/** A provider's call, handed to its adapter with the raw body its signature covers. */
function providerCall(app: FastifyInstance, req: FastifyRequest & { body: unknown }, method: ProviderMethod) {
  return handleProviderWebhook(app.ctx, req.site, requestOrigin(req), method, {
    headers: req.headers,
    rawBody: req.rawBody ?? '',
    body: req.body,
  });
}

/** POST /api/webhook/<method> (docs/money.md): the providers' and the bank's notifications. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['webhooks'] } };
  const e = webhookEndpoints;
  keepRawBodies(app);

  bankWebhookRoute(app, opts);

  const providers = [
    [e.paypal, 'paypal'],
    [e.card, 'card'],
    [e.bytepay, 'bytepay'],
    [e.tazapay, 'tazapay'],
    [e.perfectMoney, 'perfectmoney'],
  ] as const satisfies readonly (readonly [unknown, ProviderMethod])[];
  for (const [entry, method] of providers) {
    route(app, entry, opts, async (req) => ({ ok: true as const, outcome: await providerCall(app, req, method) }));
  }

  // MoMo wants 204 No Content for an IPN it may stop retrying.
  route(app, e.momo, opts, async (req, reply) => {
    await providerCall(app, req, 'momo');
    return reply.status(204).send();
  });
};

/** POST /api/user/perfect-money-complete-payment: the SCI status post, from Perfect Money's server. */
export const perfectMoneyStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawBodies(app);
  route(app, webhookEndpoints.perfectMoneyStatus, { schema: { tags: ['webhooks'] } }, async (req) => ({
    ok: true as const,
    outcome: await providerCall(app, req, 'perfectmoney'),
  }));
};
