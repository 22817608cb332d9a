import type { TRetailPrice } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { canAmend, changeCountryQuote, increaseAmountQuote } from '../order-amend';

const HOUR = 3_600_000;
const now = Date.parse('2026-03-01T00:00:00.000Z');
const row = (country: string, price: number): TRetailPrice => ({
  id: country,
  country,
  unit: 'day',
  price,
  renewPrice: price,
  quantityStep: 1,
  maxQuantity: 200,
});
const retail = [row('VN', 3_000), row('SG', 4_200), row('DE', 2_000)];
const order = {
  type: 'v4' as const,
  status: 'using' as const,
  country: 'VN',
  quantity: 8,
  period: { unit: 'day' as const, value: 1 },
  expiresAt: new Date(now + 18 * HOUR + 30 * 60_000).toISOString(),
};
const tiers = [{ minQuantity: 10, percent: 5 }];

describe('canAmend', () => {
  it('should offer the operations on using retail orders only', () => {
    expect(canAmend(order)).toBe(true);
    expect(canAmend({ ...order, status: 'expired' })).toBe(false);
    expect(canAmend({ ...order, type: 'package' })).toBe(false);
    expect(canAmend({ ...order, type: 'key' })).toBe(false);
  });
});

describe('increaseAmountQuote', () => {
  it('should price the hours left (a started hour in full) with the tier of the new quantity', () => {
    // 19 hours: 2 × 3,000 × 19 / 24 = 4,750, and 10 proxies take 5% off (237).
    expect(increaseAmountQuote(order, 2, retail, tiers, now)).toMatchObject({ problem: null, hours: 19, total: 4_513 });
    expect(increaseAmountQuote(order, 1, retail, tiers, now).total).toBe(2_375);
  });

  it('should keep to the step and the maximum', () => {
    const v6 = [{ ...row('VN', 400), quantityStep: 50, maxQuantity: 100 }];
    expect(increaseAmountQuote({ ...order, quantity: 50 }, 30, v6, [], now).problem).toBe('amountStep');
    expect(increaseAmountQuote({ ...order, quantity: 50 }, 100, v6, [], now).problem).toBe('amountMax');
    expect(increaseAmountQuote({ ...order, quantity: 50 }, 50, v6, [], now).problem).toBeNull();
    expect(increaseAmountQuote(order, 0, retail, [], now).problem).toBe('amountInvalid');
    expect(increaseAmountQuote(order, Number.NaN, retail, [], now).problem).toBe('amountInvalid');
  });
});

describe('changeCountryQuote', () => {
  const eight = Array.from({ length: 8 }, () => order.expiresAt);

  it('should charge the difference to a dearer country and nothing to a cheaper one', () => {
    // (4,200 − 3,000) × 19 / 24 × 8 proxies.
    expect(changeCountryQuote(order, 'SG', retail, eight, now)).toBe(7_600);
    expect(changeCountryQuote(order, 'DE', retail, eight, now)).toBe(0);
    expect(changeCountryQuote(order, 'XX', retail, eight, now)).toBeNull();
  });

  it('should price only the proxies in use, each for its own hours left', () => {
    // The order's quantity (8) and latest expiry do not count: 1,200 × 19 / 24 = 950 and 1,200 × 5 / 24 = 250.
    const expiries = [order.expiresAt, new Date(now + 4 * HOUR + 1).toISOString()];
    expect(changeCountryQuote(order, 'SG', retail, expiries, now)).toBe(1_200);
    expect(changeCountryQuote(order, 'SG', retail, [], now)).toBe(0);
  });
});
