import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUuid, webhookEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { route } from '../../lib/route.js';
import { storableJson } from '../../lib/storable-text.js';
import type { Site } from '../site/index.js';
import type { Evidence } from './credit.js';
import { PROVIDERS } from './providers/index.js';
import type { WebhookRequest } from './providers/types.js';
import { findTopup, findTopupByProviderOrder, type TopupRow } from './queries.js';
import { bankWebhookRoute } from './receive-transfer.js';
import { applyEvidence } from './settle-topup.js';
import { providerEnv, type ProviderMethod } from './settings.js';

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

async function locate(
  ctx: AppContext,
  site: Site,
  method: ProviderMethod,
  ev: Evidence,
): Promise<TopupRow | undefined> {
  if (ev.topupId && isUuid(ev.topupId)) {
    const t = await findTopup(ctx.db, ev.topupId);
    if (
      t &&
      t.method === method &&
      (!ev.providerOrderId || !t.providerOrderId || ev.providerOrderId === t.providerOrderId)
    ) {
      return t;
    }
    return undefined;
  }
  return ev.providerOrderId ? findTopupByProviderOrder(ctx.db, site.id, method, ev.providerOrderId) : undefined;
}

export type WebhookOutcome = 'ignored' | 'unknown' | TopupRow['status'] | 'held';

/**
 * POST /api/webhook/<method>: verified with the site's secrets (401/400 and no change otherwise),
 * matched to its top-up, which must belong to this site, then acted on. Replays are harmless:
 * a success is final and a provider transaction credits once.
 */
async function handleProviderWebhook(
  ctx: AppContext,
  site: Site,
  origin: string,
  method: ProviderMethod,
  req: WebhookRequest,
): Promise<WebhookOutcome> {
  const provider = PROVIDERS[method];
  if (!provider.verifyWebhook) {
    throw new AppError('NOT_FOUND');
  }
  // A method switched off later still takes the payments of its open top-ups.
  const env = providerEnv(ctx, site, origin, method, false);
  // Signed, but still not necessarily storable: NUL or a lone surrogate would break the lookups.
  const ev = storableJson(await provider.verifyWebhook(env, req));
  if (!ev) {
    return 'ignored';
  }
  const t = await locate(ctx, site, method, ev);
  if (!t) {
    ctx.log.warn({ method, topupId: ev.topupId, orderId: ev.providerOrderId }, 'payment webhook: no such top-up');
    return 'unknown';
  }
  if (t.siteId !== site.id) {
    throw new AppError('PAYMENT_NOT_BELONG_WEBSITE');
  }
  const after = await applyEvidence(ctx, provider, env, t, ev);
  return after.heldReason !== null && after.status !== 'success' ? 'held' : after.status;
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
