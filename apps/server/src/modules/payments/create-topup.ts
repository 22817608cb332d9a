import { randomUUID } from 'node:crypto';
import {
  COINS_PER_CENT,
  PAYMENT_CURRENCY,
  PAYMENT_MAX_COINS,
  PAYMENT_MIN_COINS,
  paymentStepCoins,
  topupEndpoints,
  type PaymentMethod,
  type TTopupDetail,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { topups } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { pgErrorOf } from '../../lib/pg-errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { bankQr, ensureCodeBill } from './bank.js';
import { caller, type PaymentCaller } from './caller.js';
import { toDetail } from './mapper.js';
import { DECIMALS, formatMinor } from './money.js';
import { checkInstructionUrls } from './providers/http.js';
import { PROVIDERS } from './providers/index.js';
import type { Quote } from './providers/types.js';
import { closePendingTopup, findTopup, updateTopupFrom, type TopupRow } from './queries.js';
import { enabledMethodConfig, providerEnv, type ProviderMethod } from './settings.js';

/** A new top-up (docs/wire-contract.md#top-ups): a row first, then the provider's order for it. */

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

/** docs/money.md#minimums: above zero, at least the method's minimum, whole cents for USD methods. */
function checkAmount(method: PaymentMethod, amount: number): void {
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

async function insertTopup(db: DbOrTx, values: typeof topups.$inferInsert): Promise<TopupRow> {
  const rows = await db.insert(topups).values(values).returning();
  return rows[0]!;
}

/** A bank top-up the payer announces: a dynamic VietQR with the amount; the bank webhook settles it. */
async function createBankTopup(ctx: AppContext, caller: PaymentCaller, amount: number): Promise<TTopupDetail> {
  const cfg = enabledMethodConfig(ctx, caller.site, 'bank');
  checkAmount('bank', amount);
  await limitCreates(ctx, caller.user.id);
  const codeBill = await ensureCodeBill(ctx, caller.user.id);
  const now = ctx.clock.now();
  const t = await insertTopup(ctx.db, {
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

async function createTopup(
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
      topup = await insertTopup(ctx.db, {
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
    await closePendingTopup(ctx.db, topup.id, 'failed', ctx.clock.now());
    ctx.log.warn({ err, method, topupId: topup.id }, 'payment: create failed at the provider');
    throw err instanceof AppError ? err : new AppError(provider.errorCode);
  }
  let updated: TopupRow | undefined;
  try {
    updated = await updateTopupFrom(ctx.db, topup, {
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
    await closePendingTopup(ctx.db, topup.id, 'failed', ctx.clock.now());
    ctx.log.warn({ method, topupId: topup.id }, 'payment: the provider repeated an order id of another top-up');
    throw new AppError(provider.errorCode);
  }
  return toDetail(updated ?? (await findTopup(ctx.db, topup.id)) ?? topup);
}

/** POST /api/user/<method>-create…: a top-up by each method. */
export function createTopupRoutes(app: RouteApp, opts: RouteOptions): void {
  const e = topupEndpoints;
  const creates = [
    [e.paypalCreate, 'paypal'],
    [e.cardCreate, 'card'],
    [e.momoCreate, 'momo'],
    [e.usdtCreate, 'usdt'],
    [e.bytepayCreate, 'bytepay'],
    [e.perfectMoneyCreate, 'perfectmoney'],
  ] as const satisfies readonly (readonly [unknown, ProviderMethod])[];
  for (const [entry, method] of creates) {
    route(app, entry, opts, async (req) => createTopup(app.ctx, caller(req), method, req.body));
  }
  route(app, e.tazapayCreate, opts, async (req) => createTopup(app.ctx, caller(req), 'tazapay', req.body));
  route(app, e.bankCreate, opts, async (req) => createBankTopup(app.ctx, caller(req), req.body.amount));
}
