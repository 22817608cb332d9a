import {
  COINS_PER_CENT,
  coinsToUsd,
  PAYMENT_CURRENCY,
  PAYMENT_MAX_COINS,
  PAYMENT_MIN_COINS,
  paymentStepCoins,
  type PaymentMethod,
  type TPaymentMethodInfo,
} from '@proxy/contract';
import { formatNumber } from '@/lib/format';

/**
 * The amount a payer types is in the method's own currency: VND for bank transfers and MoMo
 * (credited 1:1 in coins), dollars for the others (docs/money.md#coins: cents × 240 coins).
 * The API always takes coins.
 */
export function currencyOf(method: PaymentMethod): 'VND' | 'USD' {
  return PAYMENT_CURRENCY[method];
}

/**
 * Coins from what was typed, or null when it is not a number. VND accepts dot, comma and space
 * group separators ("200.000"); USD accepts up to two decimals with a dot or a comma ("10.50").
 */
export function parseAmountInput(method: PaymentMethod, text: string): number | null {
  const s = text.trim().replace(/\s+/g, '');
  if (!s) {
    return null;
  }
  if (currencyOf(method) === 'VND') {
    if (!/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(s)) {
      return null;
    }
    return Number(s.replace(/[.,]/g, ''));
  }
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(s.replace(/^\$/, ''));
  if (!m) {
    return null;
  }
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents * COINS_PER_CENT;
}

export type AmountProblem =
  | { kind: 'required' }
  | { kind: 'invalid' }
  | { kind: 'min'; minAmount: number }
  | { kind: 'step'; step: number }
  | { kind: 'max'; maxAmount: number };

/**
 * docs/money.md#minimums: the amount is above 0 and at least the method's minimum (10,000 coins for a bank
 * transfer, 1 dollar for PayPal, 1 cent for the other dollar methods); the server's list of
 * methods (get-bill) is preferred, the contract's table is the fallback.
 */
export function checkAmount(
  method: PaymentMethod,
  coins: number | null,
  info?: Pick<TPaymentMethodInfo, 'minAmount' | 'step'>,
): AmountProblem | null {
  if (coins === null) {
    return { kind: 'required' };
  }
  if (!Number.isSafeInteger(coins) || coins <= 0) {
    return { kind: 'invalid' };
  }
  const minAmount = Math.max(1, info?.minAmount ?? PAYMENT_MIN_COINS[method]);
  if (coins < minAmount) {
    return { kind: 'min', minAmount };
  }
  const step = info?.step ?? paymentStepCoins(method);
  if (step > 1 && coins % step !== 0) {
    return { kind: 'step', step };
  }
  if (coins > PAYMENT_MAX_COINS) {
    return { kind: 'max', maxAmount: PAYMENT_MAX_COINS };
  }
  return null;
}

/** Quick choices, in coins: common transfer amounts in VND, round dollar amounts otherwise. */
export function presetAmounts(method: PaymentMethod): number[] {
  return currencyOf(method) === 'VND'
    ? [100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000]
    : [5, 10, 20, 50, 100, 200].map((usd) => usd * 100 * COINS_PER_CENT);
}

/** What a preset puts in the amount field. */
export function amountInputText(method: PaymentMethod, coins: number): string {
  return currencyOf(method) === 'VND' ? formatNumber(coins) : coinsToUsd(coins);
}
