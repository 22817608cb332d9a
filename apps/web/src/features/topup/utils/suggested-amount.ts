import { PAYMENT_MAX_COINS, PAYMENT_MIN_COINS, paymentStepCoins, type PaymentMethod } from '@proxy/contract';

/**
 * docs/screens.md#not-enough-balance: the amount that covers `coins` with the method, i.e. `coins`
 * rounded up to the method's step and raised to its minimum (never above the maximum).
 */
export function suggestedAmount(
  method: PaymentMethod,
  coins: number,
  info?: { minAmount?: number; step?: number },
): number {
  const step = Math.max(1, info?.step ?? paymentStepCoins(method));
  const min = Math.max(1, info?.minAmount ?? PAYMENT_MIN_COINS[method]);
  const rounded = Math.ceil(Math.max(coins, min) / step) * step;
  return Math.min(rounded, Math.floor(PAYMENT_MAX_COINS / step) * step);
}

/** The coins asked for in the query string, or null when there are none (or nonsense). */
export function requestedCoins(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) {
    return null;
  }
  const coins = Number(value);
  return Number.isSafeInteger(coins) && coins > 0 ? coins : null;
}
