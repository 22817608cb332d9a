import { describe, expect, it } from 'vitest';
import { MAX_ORDER_QUANTITY } from './constants.js';
import { MAX_PRICE_COINS, prorate, prorateEach, quote } from './pricing.js';

/** The catalogue's bounds (schemas/catalog.ts): a price, a period's value. */
const MAX_UNIT_PRICE = 1_000_000_000;
const MAX_PERIOD = { unit: 'month', value: 1000 } as const;
const OUT_OF_REACH = { gross: MAX_PRICE_COINS, discount: 0, total: MAX_PRICE_COINS };

describe('a price out of reach (docs/money.md#rounding)', () => {
  it('should quote the largest price × period × quantity at MAX_PRICE_COINS, a safe integer', () => {
    const q = quote({ unitPrice: MAX_UNIT_PRICE, period: MAX_PERIOD, quantity: MAX_ORDER_QUANTITY });
    expect(q).toEqual(OUT_OF_REACH);
    expect(Number.isSafeInteger(q.total)).toBe(true);
    // A discount does not bring it back within reach: the gross was never exact.
    expect(
      quote({ unitPrice: MAX_UNIT_PRICE, period: MAX_PERIOD, quantity: MAX_ORDER_QUANTITY, discountPercent: 90 }),
    ).toEqual(OUT_OF_REACH);
  });

  it('should quote from the first coin beyond MAX_PRICE_COINS, and leave every price up to it alone', () => {
    // 9,007,199,254 × 1000 × 1000 coins: just below 2^53 − 1 = 9,007,199,254,740,991; one more coin
    // per unit is beyond it.
    const period = { unit: 'day', value: 1000 } as const;
    expect(quote({ unitPrice: 9_007_199_254, period, quantity: 1000 })).toEqual({
      gross: 9_007_199_254_000_000,
      discount: 0,
      total: 9_007_199_254_000_000,
    });
    expect(quote({ unitPrice: 9_007_199_255, period, quantity: 1000 })).toEqual(OUT_OF_REACH);
    expect(quote({ unitPrice: MAX_PRICE_COINS + 1, period: { unit: 'day', value: 1 }, quantity: 1 })).toEqual(
      OUT_OF_REACH,
    );
    // An ordinary price, with its discount, is what it always was.
    expect(
      quote({ unitPrice: 1_000_000, period: { unit: 'month', value: 12 }, quantity: 1000, discountPercent: 10 }),
    ).toEqual({ gross: 12_000_000_000, discount: 1_200_000_000, total: 10_800_000_000 });
  });

  it('should prorate a remainder out of reach at MAX_PRICE_COINS too, alone or summed', () => {
    // 1000 months left (744,000 hours) of 100,000 proxies at the largest price: 10^17 coins.
    const line = { unitPrice: MAX_UNIT_PRICE, unit: 'month', quantity: MAX_ORDER_QUANTITY } as const;
    expect(prorate({ ...line, hours: 744_000 })).toEqual(OUT_OF_REACH);
    expect(prorate({ ...line, hours: 744_000, discountPercent: 50 })).toEqual(OUT_OF_REACH);
    // Each line within reach, their sum not: 2 × 6 × 10^15.
    const hours = Array.from({ length: 12_000 }, (_, i) => 744_000 - (i % 2));
    const each = prorateEach({ unitPrice: MAX_UNIT_PRICE, unit: 'month', hours });
    expect(each).toEqual(OUT_OF_REACH);
    expect(prorateEach({ unitPrice: 1000, unit: 'day', hours: [24, 24, 12] })).toEqual({
      gross: 2500,
      discount: 0,
      total: 2500,
    });
  });
});
