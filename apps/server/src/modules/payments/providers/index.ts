import type { PaymentMethod } from '@proxy/contract';
import { bytepay } from './bytepay.js';
import { momo } from './momo.js';
import { paypal } from './paypal.js';
import { perfectMoney } from './perfect-money.js';
import { stripe } from './stripe.js';
import { tazapay } from './tazapay.js';
import type { PaymentProvider } from './types.js';
import { usdt } from './usdt.js';

/** The adapters of the methods that go through an outside provider (bank transfers are handled in bank.ts). */
export const PROVIDERS: Record<Exclude<PaymentMethod, 'bank'>, PaymentProvider> = {
  paypal,
  card: stripe,
  momo,
  perfectmoney: perfectMoney,
  usdt,
  bytepay,
  tazapay,
};
