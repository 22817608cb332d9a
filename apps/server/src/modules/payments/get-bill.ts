import { PAYMENT_CURRENCY, PAYMENT_MIN_COINS, billEndpoints, paymentStepCoins, type TBill } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { bankAccountOf, bankQr, ensureCodeBill } from './bank.js';
import { caller, type PaymentCaller } from './caller.js';
import { enabledMethods, methodConfig } from './settings.js';

/** GET /api/bill/get-bill: the caller's transfer code, the site's bank account and its enabled methods. */
async function getBill(ctx: AppContext, caller: PaymentCaller, amount?: number): Promise<TBill> {
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

export function getBillRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, billEndpoints.getBill, opts, async (req) => getBill(app.ctx, caller(req), req.query.amount));
}
