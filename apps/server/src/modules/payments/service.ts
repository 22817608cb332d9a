import { randomUUID } from 'node:crypto';
import {
  COINS_PER_CENT,
  isUuid,
  PAYMENT_CURRENCY,
  PAYMENT_MAX_COINS,
  PAYMENT_MIN_COINS,
  paymentStepCoins,
  type PaymentMethod,
  type TBill,
  type TTopupDetail,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { outboundOf } from '../../lib/outbound.js';
import { pgErrorOf } from '../../lib/pg-errors.js';
import { storableJson } from '../../lib/storable-text.js';
import { hitLimit } from '../../lib/rate-limit.js';
import type { Site } from '../site/index.js';
import { bankAccountOf, bankQr, ensureCodeBill } from './bank.js';
import { creditTopup, type Evidence } from './credit.js';
import { DECIMALS, formatMinor } from './money.js';
import { checkInstructionUrls } from './providers/http.js';
import { PROVIDERS } from './providers/index.js';
import type { PaymentProvider, ProviderEnv, Quote, WebhookRequest } from './providers/types.js';
import * as repo from './repository.js';
import type { TopupRow } from './repository.js';
import { toDetail, toTopup } from './mapper.js';
import { enabledMethodConfig, enabledMethods, methodConfig, publicBaseUrl } from './settings.js';

export type ProviderMethod = Exclude<PaymentMethod, 'bank'>;

/** Who is asking, on which site, from which origin (for provider return and webhook URLs). */
export interface PaymentCaller {
  site: Site;
  origin: string;
  user: { id: string; email: string };
}

const LABEL: Record<PaymentMethod, string> = {
  bank: 'Bank transfer',
  paypal: 'PayPal',
  card: 'Card',
  momo: 'MoMo',
  perfectmoney: 'Perfect Money',
  usdt: 'USDT TRC20',
  bytepay: 'bytepay',
  tazapay: 'Tazapay',
};

/** A pending bank top-up (the payer announced a transfer) waits a day for the money. */
const BANK_INTENT_TTL_MS = 24 * 3600_000;

/** Each new top-up is a row and, for most methods, a call to the provider: 30 per user per 10 minutes. */
const CREATE_LIMIT = { max: 30, windowSec: 600 };

function limitCreates(ctx: AppContext, userId: string): Promise<void> {
  return hitLimit(ctx.db, ctx.clock, { key: `topup:create:${userId}`, ...CREATE_LIMIT });
}

// ---- helpers ----

function providerEnv(ctx: AppContext, site: Site, origin: string, method: ProviderMethod, requireEnabled: boolean) {
  const config = requireEnabled ? enabledMethodConfig(ctx, site, method) : methodConfig(ctx, site, method);
  const env: ProviderEnv = {
    config,
    clock: ctx.clock,
    baseUrl: publicBaseUrl(site, origin),
    log: ctx.log,
    outbound: outboundOf(ctx.config),
  };
  return env;
}

/** docs/money.md#minimums: above zero, at least the method's minimum, whole cents for USD methods. */
export function checkAmount(method: PaymentMethod, amount: number): void {
  const min = PAYMENT_MIN_COINS[method];
  if (amount < min) {
    throw new AppError('BANKING_AMOUNT_NOT_ENOUGH', { minAmount: min });
  }
  const step = paymentStepCoins(method);
  if (amount % step !== 0 || amount > PAYMENT_MAX_COINS) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: 'body.amount', message: `must be a multiple of ${step} coins, at most ${PAYMENT_MAX_COINS}` }],
      step,
    });
  }
}

function defaultQuote(method: PaymentMethod, amountCoins: number): Quote {
  return PAYMENT_CURRENCY[method] === 'USD'
    ? { currency: 'USD', providerAmount: amountCoins / COINS_PER_CENT, payee: null }
    : { currency: 'VND', providerAmount: amountCoins, payee: null };
}

/** The caller's own top-up on this site: another user's is not there; another site's is refused. */
async function ownTopup(ctx: AppContext, caller: PaymentCaller, id: string): Promise<TopupRow> {
  const t = isUuid(id) ? await repo.findTopup(ctx.db, id) : undefined;
  if (!t || t.userId !== caller.user.id) {
    throw new AppError('PAYMENT_NOT_EXISTS');
  }
  if (t.siteId !== caller.site.id) {
    throw new AppError('PAYMENT_NOT_BELONG_WEBSITE');
  }
  return t;
}

/** Acts on what the provider said: credit, close, or leave pending. */
async function applyEvidence(
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
      return (await repo.closePendingTopup(ctx.db, topup.id, ev.status, ctx.clock.now())) ?? topup;
    default:
      return topup;
  }
}

// ---- user calls ----

export async function getBill(ctx: AppContext, caller: PaymentCaller, amount?: number): Promise<TBill> {
  const codeBill = await ensureCodeBill(ctx, caller.user.id);
  const bank = methodConfig(ctx, caller.site, 'bank');
  const methods = enabledMethods(ctx, caller.site).map((method) => ({
    method,
    currency: PAYMENT_CURRENCY[method],
    minAmount: PAYMENT_MIN_COINS[method],
    step: paymentStepCoins(method),
  }));
  return {
    codeBill,
    bank: bank.enabled ? bankAccountOf(bank) : null,
    qrPayload: bank.enabled ? bankQr(bank, codeBill, amount) : null,
    methods,
    simulator: bank.enabled && bank.simulator,
  };
}

/** A bank top-up the payer announces: a dynamic VietQR with the amount; the bank webhook settles it. */
export async function createBankTopup(ctx: AppContext, caller: PaymentCaller, amount: number): Promise<TTopupDetail> {
  const cfg = enabledMethodConfig(ctx, caller.site, 'bank');
  checkAmount('bank', amount);
  await limitCreates(ctx, caller.user.id);
  const codeBill = await ensureCodeBill(ctx, caller.user.id);
  const now = ctx.clock.now();
  const t = await repo.insertTopup(ctx.db, {
    id: randomUUID(),
    siteId: caller.site.id,
    userId: caller.user.id,
    method: 'bank',
    amount,
    currency: 'VND',
    providerAmount: amount,
    payee: cfg.values.accountNumber ?? null,
    content: `${LABEL.bank} ${amount} VND (${codeBill})`,
    contentI18n: { key: 'topupBank', params: { amount, code: codeBill } },
    meta: { instructions: { qrPayload: bankQr(cfg, codeBill, amount), orderId: codeBill } },
    expiresAt: new Date(now.getTime() + BANK_INTENT_TTL_MS),
    createdAt: now,
    updatedAt: now,
  });
  return toDetail(t);
}

export async function createTopup(
  ctx: AppContext,
  caller: PaymentCaller,
  method: ProviderMethod,
  input: { amount: number; country?: string },
): Promise<TTopupDetail> {
  const provider = PROVIDERS[method];
  const env = providerEnv(ctx, caller.site, caller.origin, method, true);
  checkAmount(method, input.amount);
  await limitCreates(ctx, caller.user.id);
  const now = ctx.clock.now();
  let topup: TopupRow | undefined;
  // USDT amounts carry random micro-units that must be unique per address: draw again on a clash.
  for (let attempt = 1; !topup; attempt++) {
    const q = provider.quote?.(env, input.amount) ?? defaultQuote(method, input.amount);
    try {
      topup = await repo.insertTopup(ctx.db, {
        id: randomUUID(),
        siteId: caller.site.id,
        userId: caller.user.id,
        method,
        amount: input.amount,
        currency: q.currency,
        providerAmount: q.providerAmount,
        payee: q.payee,
        content: `${LABEL[method]} ${formatMinor(q.providerAmount, DECIMALS[q.currency])} ${q.currency}`,
        contentI18n: { key: 'topup', params: { method, amount: q.providerAmount, currency: q.currency } },
        expiresAt: new Date(now.getTime() + provider.ttlMs),
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (!(pgErrorOf(err)?.constraint === 'topups_usdt_amount_uq' && attempt < 10)) {
        throw err;
      }
    }
  }
  let created;
  try {
    created = await provider.create(env, { topup, user: caller.user, country: input.country });
    // A javascript: or data: URL from the provider must never reach the payer's browser.
    checkInstructionUrls(env, created, provider.errorCode);
  } catch (err) {
    await repo.closePendingTopup(ctx.db, topup.id, 'failed', ctx.clock.now());
    ctx.log.warn({ err, method, topupId: topup.id }, 'payment: create failed at the provider');
    throw err instanceof AppError ? err : new AppError(provider.errorCode);
  }
  let updated: TopupRow | undefined;
  try {
    updated = await repo.updateTopupFrom(ctx.db, topup, {
      providerOrderId: created.providerOrderId,
      payee: created.payee !== undefined ? created.payee : topup.payee,
      meta: { ...created.meta, instructions: created.instructions },
      updatedAt: ctx.clock.now(),
    });
  } catch (err) {
    if (pgErrorOf(err)?.constraint !== 'topups_site_provider_order_uq') {
      throw err;
    }
    // The provider answered with an order id another top-up already has: that order is not this
    // payment's (cancelling it would cancel the other one), so this top-up fails as it would at
    // the provider.
    await repo.closePendingTopup(ctx.db, topup.id, 'failed', ctx.clock.now());
    ctx.log.warn({ method, topupId: topup.id }, 'payment: the provider repeated an order id of another top-up');
    throw new AppError(provider.errorCode);
  }
  return toDetail(updated ?? (await repo.findTopup(ctx.db, topup.id)) ?? topup);
}

/** complete-paypal-payment / bytepay-complete-order: by the provider's order id, then a check. */
export async function completeOrder(
  ctx: AppContext,
  caller: PaymentCaller,
  method: 'paypal' | 'bytepay',
  orderId: string,
): Promise<TTopupDetail> {
  const found = await repo.findTopupByProviderOrder(ctx.db, caller.site.id, method, orderId);
  if (!found) {
    throw new AppError('PAYMENT_NOT_EXISTS');
  }
  return checkTopup(ctx, caller, found.id);
}

/** GET check-payment-credit/:id — any method: ask the provider and credit if it is paid. */
export async function checkTopup(ctx: AppContext, caller: PaymentCaller, id: string): Promise<TTopupDetail> {
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
export async function cancelTopup(ctx: AppContext, caller: PaymentCaller, id: string): Promise<TTopupDetail> {
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
  return toDetail((await repo.closePendingTopup(ctx.db, t.id, 'cancelled', ctx.clock.now())) ?? t);
}

// ---- webhooks ----

async function locate(
  ctx: AppContext,
  site: Site,
  method: ProviderMethod,
  ev: Evidence,
): Promise<TopupRow | undefined> {
  if (ev.topupId && isUuid(ev.topupId)) {
    const t = await repo.findTopup(ctx.db, ev.topupId);
    if (
      t &&
      t.method === method &&
      (!ev.providerOrderId || !t.providerOrderId || ev.providerOrderId === t.providerOrderId)
    ) {
      return t;
    }
    return undefined;
  }
  return ev.providerOrderId ? repo.findTopupByProviderOrder(ctx.db, site.id, method, ev.providerOrderId) : undefined;
}

export type WebhookOutcome = 'ignored' | 'unknown' | TopupRow['status'] | 'held';

/**
 * POST /api/webhook/<method>: verified with the site's secrets (401/400 and no change otherwise),
 * matched to its top-up, which must belong to this site, then acted on. Replays are harmless:
 * a success is final and a provider transaction credits once.
 */
export async function handleProviderWebhook(
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

// ---- lists ----

export async function listUserTopups(
  ctx: AppContext,
  userId: string,
  q: { page: number; limit: number; search: string; status?: TopupRow['status']; method?: PaymentMethod },
) {
  const r = await repo.listTopups(ctx.db, { ...q, userId });
  return { items: r.items.map((i) => toTopup(i.t)), total: r.total };
}
