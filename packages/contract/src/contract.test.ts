import { describe, expect, it } from 'vitest';
import { coinsToUsd, formatCoins, formatCoinsComma, formatDateTime, formatMinor } from './format.js';
import { periodToDays } from './period.js';
import { statusOf } from './errors.js';
import { discountPercent, prorate, prorateEach, quote, remainingHours, renewUnitPrice } from './pricing.js';
import { DEFAULT_PROMOTION } from './constants.js';
import { PAYMENT_MIN_COINS, paymentStepCoins, promotionBonus } from './schemas/payments.js';
import { ZLedgerI18n } from './schemas/ledger.js';
import { ZTransaction } from './schemas/user.js';

describe('money display (docs/product-rules.md#formats)', () => {
  it('should group coins with dots, and with commas for the top-up text', () => {
    expect(formatCoins(0)).toBe('0');
    expect(formatCoins(1000000)).toBe('1.000.000');
    expect(formatCoins(-12345)).toBe('-12.345');
    expect(formatCoinsComma(5000000)).toBe('5,000,000');
  });

  it('should show dollars as coins / 24000 to two decimals', () => {
    expect(coinsToUsd(24000)).toBe('1.00');
    expect(coinsToUsd(1_000_000)).toBe('41.67');
    expect(coinsToUsd(7200)).toBe('0.30');
    expect(coinsToUsd(120)).toBe('0.01');
  });

  it('should show a negative amount as its positive one with a minus, half-cents away from zero', () => {
    expect(coinsToUsd(135_000)).toBe('5.63');
    expect(coinsToUsd(-135_000)).toBe('-5.63');
    expect(coinsToUsd(-1_000_000)).toBe('-41.67');
    // Less than half a cent is no amount: no "-0.00".
    expect(coinsToUsd(-100)).toBe('0.00');
  });
});

describe('dates (docs/product-rules.md#formats)', () => {
  it('should show HH:mm DD/MM/YYYY', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3))).toBe('07:03 05/01/2026');
    expect(formatDateTime('garbage')).toBe('');
  });
});

describe('periods (docs/money.md#periods)', () => {
  it.each([
    [{ unit: 'hour', value: 48 }, 2],
    [{ unit: 'day', value: 3 }, 3],
    [{ unit: 'week', value: 2 }, 14],
    [{ unit: 'month', value: 1 }, 31],
    [{ unit: 'month', value: 3 }, 93],
    [{ unit: 'month', value: 12 }, 365],
    [{ unit: 'month', value: 13 }, 396],
  ] as const)('should make %j last %d days', (p, days) => {
    expect(periodToDays(p)).toBe(days);
  });
});

describe('error statuses (docs/wire-contract.md#errors)', () => {
  it.each([
    ['INVALID_TOKEN', 401],
    ['TOKEN_EXPIRED', 403],
    ['FORBIDDEN', 403],
    ['USER_NOT_EXISTS', 404],
    ['ORDER_NOT_EXIST', 404],
    ['USER_EXISTS', 409],
    ['GET_IP_TOO_FAST', 429],
    ['TOO_MANY_REQUEST', 429],
    ['UNKNOW_ERROR', 500],
    ['WRONG_PASSWORD', 400],
  ] as const)('should give %s the status %d', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });
});

describe('pricing', () => {
  it('should multiply unit price, period value and quantity', () => {
    expect(quote({ unitPrice: 1000, period: { unit: 'day', value: 3 }, quantity: 50 })).toEqual({
      gross: 150000,
      discount: 0,
      total: 150000,
    });
  });

  it('should round the discount down, in integer coins', () => {
    expect(quote({ unitPrice: 333, period: { unit: 'week', value: 1 }, quantity: 7, discountPercent: 10 })).toEqual({
      gross: 2331,
      discount: 233,
      total: 2098,
    });
  });

  it('should pick the best tier the quantity reaches', () => {
    const tiers = [
      { minQuantity: 100, percent: 5 },
      { minQuantity: 500, percent: 12.5 },
    ];
    expect(discountPercent(tiers, 99)).toBe(0);
    expect(discountPercent(tiers, 100)).toBe(5);
    expect(discountPercent(tiers, 1000)).toBe(12.5);
  });

  it.each([
    [{ unit: 'hour', value: 24 }, 100],
    [{ unit: 'day', value: 30 }, 100],
    [{ unit: 'week', value: 4 }, 100],
    [{ unit: 'week', value: 5 }, 80],
    [{ unit: 'month', value: 1 }, 80],
    [{ unit: 'day', value: 31 }, 80],
  ] as const)('should charge a renewal of %j at %d per unit (retail under a month)', (period, want) => {
    expect(renewUnitPrice({ retail: 100, renew: 80 }, period)).toBe(want);
  });
});

describe('prorated pricing (increase amount, change country)', () => {
  const at = new Date('2026-01-01T00:00:00.000Z');

  it('should count what is left in whole hours, a started hour in full', () => {
    expect(remainingHours(new Date(at.getTime() + 18 * 3_600_000), at)).toBe(18);
    expect(remainingHours(new Date(at.getTime() + 18 * 3_600_000 + 1), at)).toBe(19);
    expect(remainingHours(new Date(at.getTime() + 1), at)).toBe(1);
    expect(remainingHours(at, at)).toBe(0);
    expect(remainingHours(new Date(at.getTime() - 5_000), at)).toBe(0);
    expect(remainingHours('2026-01-02T00:00:00.000Z', at.getTime())).toBe(24);
  });

  it.each([
    ['hour', 300, 5, 2, 3_000],
    ['day', 3_000, 18, 2, 4_500],
    ['day', 400, 23, 50, 19_166],
    ['week', 18_000, 168, 1, 18_000],
    ['week', 18_000, 84, 3, 27_000],
    ['month', 60_000, 744, 1, 60_000],
    ['month', 60_000, 1, 1, 80],
  ] as const)('should charge a %s unit of %d for %d hours × %d at %d', (unit, unitPrice, hours, quantity, want) => {
    expect(prorate({ unitPrice, unit, hours, quantity })).toEqual({ gross: want, discount: 0, total: want });
  });

  it('should take the discount of the given tier after rounding the gross down', () => {
    // 400 × 23 × 550 / 24 = 210,833.3 → 210,833; 5% of it is 10,541.65 → 10,541.
    expect(prorate({ unitPrice: 400, unit: 'day', hours: 23, quantity: 550, discountPercent: 5 })).toEqual({
      gross: 210_833,
      discount: 10_541,
      total: 200_292,
    });
  });

  it('should price each proxy for its own hours, rounding each group of equal hours as one line', () => {
    // 1,200 × (2 × 18 + 5) / 24: 18 h for two proxies is 1,800; 5 h for one is 250.
    expect(prorateEach({ unitPrice: 1_200, unit: 'day', hours: [18, 5, 18] })).toEqual({
      gross: 2_050,
      discount: 0,
      total: 2_050,
    });
    // An expired proxy has nothing left; 7 h at 100/day is 29.17 → 29, twice 58.
    expect(prorateEach({ unitPrice: 100, unit: 'day', hours: [7, 0, 7] }).total).toBe(58);
    expect(prorateEach({ unitPrice: 100, unit: 'day', hours: [] }).total).toBe(0);
  });

  it('should cost nothing for nothing left or a zero price difference', () => {
    expect(prorate({ unitPrice: 3_000, unit: 'day', hours: 0, quantity: 10 }).total).toBe(0);
    expect(prorate({ unitPrice: 0, unit: 'day', hours: 24, quantity: 10 }).total).toBe(0);
  });
});

describe('deposit promotion bonus', () => {
  it('should take the best tier reached, at or above its threshold, rounded down', () => {
    expect(promotionBonus(999_999, DEFAULT_PROMOTION)).toBe(0);
    expect(promotionBonus(1_000_000, DEFAULT_PROMOTION)).toBe(100_000);
    expect(promotionBonus(1_000_009, DEFAULT_PROMOTION)).toBe(100_000);
    expect(promotionBonus(5_000_000, DEFAULT_PROMOTION)).toBe(750_000);
    expect(promotionBonus(5_000_000, null)).toBe(0);
    expect(promotionBonus(0, DEFAULT_PROMOTION)).toBe(0);
  });

  it('should keep USD methods to whole cents', () => {
    expect(paymentStepCoins('paypal')).toBe(240);
    expect(paymentStepCoins('bank')).toBe(1);
    expect(PAYMENT_MIN_COINS.paypal).toBe(24_000);
  });
});

describe('ledger descriptions (contentI18n)', () => {
  const row = {
    id: 'x',
    type: 'renew',
    content: 'renew 2 × V4 proxy, 1 week',
    balanceBefore: 10,
    price: 5,
    amount: -5,
    balanceAfter: 5,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('should keep a transaction valid with or without its translatable form', () => {
    expect(ZTransaction.parse(row)).toEqual(row);
    const contentI18n = {
      key: 'renewProxies',
      params: { count: 2, product: 'v4', period: { unit: 'week', value: 1 } },
    };
    expect(ZTransaction.parse({ ...row, contentI18n })).toEqual({ ...row, contentI18n });
    expect(ZTransaction.parse({ ...row, contentI18n: null }).contentI18n).toBeNull();
  });

  it('should refuse a key it does not know or parameters of another key', () => {
    expect(ZLedgerI18n.safeParse({ key: 'somethingNew', params: {} }).success).toBe(false);
    expect(ZLedgerI18n.safeParse({ key: 'bandwidth', params: { count: 2 } }).success).toBe(false);
    expect(
      ZLedgerI18n.safeParse({ key: 'topup', params: { method: 'paypal', amount: 1000, currency: 'USD' } }).success,
    ).toBe(true);
  });

  it('should write provider amounts from minor units without floats', () => {
    expect(formatMinor(1050, 2)).toBe('10.50');
    expect(formatMinor(10_001_234, 6)).toBe('10.001234');
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(100_000, 0)).toBe('100000');
  });
});
