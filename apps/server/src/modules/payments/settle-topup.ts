import { isUuid, topupEndpoints, type TTopupDetail } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { caller, type PaymentCaller } from './caller.js';
import { creditTopup, type Evidence } from './credit.js';
import { toDetail } from './mapper.js';
import { PROVIDERS } from './providers/index.js';
import type { PaymentProvider, ProviderEnv } from './providers/types.js';
import { closePendingTopup, findTopup, findTopupByProviderOrder, type TopupRow } from './queries.js';
import { providerEnv } from './settings.js';

/** The payer's own top-up after its creation: completed, checked with the provider, or cancelled. */

/** Acts on what the provider said: credit, close, or leave pending. */
export async function applyEvidence(
  ctx: AppContext,
  provider: PaymentProvider,
  env: ProviderEnv,
  topup: TopupRow,
  evidence: Evidence,
): Promise<TopupRow> {
  let ev = evidence;
  if (ev.recheck && provider.check) {
    ev = await provider.check(env, topup);
  }
  switch (ev.status) {
    case 'paid':
      return (await creditTopup(ctx, topup.id, { kind: 'provider', evidence: ev })).topup;
    case 'failed':
    case 'expired':
    case 'cancelled':
      return (await closePendingTopup(ctx.db, topup.id, ev.status, ctx.clock.now())) ?? topup;
    default:
      return topup;
  }
}

/** The caller's own top-up on this site: another user's is not there; another site's is refused. */
async function ownTopup(ctx: AppContext, caller: PaymentCaller, id: string): Promise<TopupRow> {
  const t = isUuid(id) ? await findTopup(ctx.db, id) : undefined;
  if (!t || t.userId !== caller.user.id) {
    throw new AppError('PAYMENT_NOT_EXISTS');
  }
  if (t.siteId !== caller.site.id) {
    throw new AppError('PAYMENT_NOT_BELONG_WEBSITE');
  }
  return t;
}

/** complete-paypal-payment / bytepay-complete-order: by the provider's order id, then a check. */
async function completeOrder(
  ctx: AppContext,
  caller: PaymentCaller,
  method: 'paypal' | 'bytepay',
  orderId: string,
): Promise<TTopupDetail> {
  const found = await findTopupByProviderOrder(ctx.db, caller.site.id, method, orderId);
  if (!found) {
    throw new AppError('PAYMENT_NOT_EXISTS');
  }
  return checkTopup(ctx, caller, found.id);
}

/** GET check-payment-credit/:id — any method: ask the provider and credit if it is paid. */
async function checkTopup(ctx: AppContext, caller: PaymentCaller, id: string): Promise<TTopupDetail> {
  const t = await ownTopup(ctx, caller, id);
  if (t.status !== 'pending' || t.heldReason !== null || t.method === 'bank') {
    return toDetail(t);
  }
  const provider = PROVIDERS[t.method];
  if (!provider.check) {
    return toDetail(t);
  }
  const env = providerEnv(ctx, caller.site, caller.origin, t.method, false);
  return toDetail(await applyEvidence(ctx, provider, env, t, await provider.check(env, t)));
}

/**
 * DELETE cancle-payment-credit/:id. A top-up already paid at the provider is credited instead
 * (409 PAYMENT_ALREADY_DONE); a payment arriving after the cancel is held for an admin.
 */
async function cancelTopup(ctx: AppContext, caller: PaymentCaller, id: string): Promise<TTopupDetail> {
  let t = await ownTopup(ctx, caller, id);
  if (t.status === 'pending' && t.method !== 'bank' && t.heldReason === null) {
    const provider = PROVIDERS[t.method];
    const env = providerEnv(ctx, caller.site, caller.origin, t.method, false);
    if (provider.check) {
      t = await applyEvidence(ctx, provider, env, t, await provider.check(env, t));
    }
    if (t.status === 'pending') {
      await provider.cancel?.(env, t).catch((err: unknown) => {
        ctx.log.warn({ err, topupId: t.id }, 'payment: provider cancel failed');
      });
    }
  }
  if (t.status === 'success') {
    throw new AppError('PAYMENT_ALREADY_DONE');
  }
  if (t.heldReason !== null) {
    throw new AppError('PAYMENT_PENDING');
  }
  if (t.status !== 'pending') {
    return toDetail(t);
  }
  return toDetail((await closePendingTopup(ctx.db, t.id, 'cancelled', ctx.clock.now())) ?? t);
}

/** complete-paypal-payment, bytepay-complete-order, check-payment-credit/:id, cancle-payment-credit/:id. */
export function settleTopupRoutes(app: RouteApp, opts: RouteOptions): void {
  const e = topupEndpoints;
  route(app, e.completePaypal, opts, async (req) => completeOrder(app.ctx, caller(req), 'paypal', req.body.orderId));
  route(app, e.completeBytepay, opts, async (req) => completeOrder(app.ctx, caller(req), 'bytepay', req.body.orderId));
  route(app, e.check, opts, async (req) => checkTopup(app.ctx, caller(req), req.params.id));
  route(app, e.cancel, opts, async (req) => cancelTopup(app.ctx, caller(req), req.params.id));
}
