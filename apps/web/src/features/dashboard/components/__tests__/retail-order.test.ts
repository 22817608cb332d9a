import type { TRetailPrice } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import {
  preferredUnit,
  retailOrderProblem,
  retailQuote,
  toBuyRetailRequest,
  unitsFor,
  type RetailOrderValues,
} from '../retail-order';

const row = (country: string, unit: TRetailPrice['unit'], price: number): TRetailPrice => ({
  id: `${country}-${unit}`,
  country,
  unit,
  price,
  renewPrice: price,
  quantityStep: 50,
  maxQuantity: 5000,
});

const rows = [row('VN', 'month', 9000), row('VN', 'day', 400), row('VN', 'hour', 40), row('US', 'week', 2500)];
const tiers = [
  { minQuantity: 500, percent: 5 },
  { minQuantity: 1000, percent: 10 },
];
const valid: RetailOrderValues = {
  country: 'VN',
  unit: 'day',
  value: 1,
  quantity: 50,
  protocol: 'http',
  autoRenew: false,
};
const dayRow = rows[1];

describe('unitsFor', () => {
  it('should list the units a country is sold by, shortest first', () => {
    expect(unitsFor(rows, 'VN')).toEqual(['hour', 'day', 'month']);
    expect(unitsFor(rows, 'JP')).toEqual([]);
  });
});

describe('preferredUnit', () => {
  it('should keep the chosen unit when sold, else prefer a day', () => {
    expect(preferredUnit(['hour', 'day'], 'hour')).toBe('hour');
    expect(preferredUnit(['hour', 'day'], 'week')).toBe('day');
    expect(preferredUnit(['week', 'month'])).toBe('week');
    expect(preferredUnit([])).toBeUndefined();
  });
});

describe('retailOrderProblem', () => {
  it('should accept 50 proxies for 1 day', () => {
    expect(retailOrderProblem(valid, dayRow)).toBeNull();
  });

  it('should ask for a country first', () => {
    expect(retailOrderProblem({ ...valid, country: '', quantity: 0 }, undefined)).toBe('countryRequired');
  });

  it('should refuse a unit the country is not sold by', () => {
    expect(retailOrderProblem({ ...valid, unit: 'week' }, undefined)).toBe('unitUnavailable');
  });

  it('should refuse a period outside 1–1000', () => {
    expect(retailOrderProblem({ ...valid, value: 0 }, dayRow)).toBe('periodInvalid');
    expect(retailOrderProblem({ ...valid, value: 1001 }, dayRow)).toBe('periodInvalid');
    expect(retailOrderProblem({ ...valid, value: Number.NaN }, dayRow)).toBe('periodInvalid');
  });

  it('should show quantityMin when the quantity is below 1 or empty', () => {
    expect(retailOrderProblem({ ...valid, quantity: 0 }, dayRow)).toBe('quantityMin');
    expect(retailOrderProblem({ ...valid, quantity: Number.NaN }, dayRow)).toBe('quantityMin');
  });

  it('should show quantityStep when the quantity is not a multiple of the step', () => {
    expect(retailOrderProblem({ ...valid, quantity: 75 }, dayRow)).toBe('quantityStep');
  });

  it('should show quantityMax above the maximum', () => {
    expect(retailOrderProblem({ ...valid, quantity: 5050 }, dayRow)).toBe('quantityMax');
    expect(retailOrderProblem({ ...valid, quantity: 5000 }, dayRow)).toBeNull();
  });
});

describe('retailQuote', () => {
  it('should price 50 IPv6 for 1 day at 400 coins as 20,000 coins', () => {
    expect(retailQuote(dayRow, valid, tiers)).toEqual({
      gross: 20_000,
      discount: 0,
      total: 20_000,
      unitPrice: 400,
      discountPercent: 0,
    });
  });

  it('should apply the best discount tier reached', () => {
    const q = retailQuote(dayRow, { unit: 'day', value: 2, quantity: 1000 }, tiers);
    expect(q).toMatchObject({ gross: 800_000, discount: 80_000, total: 720_000, discountPercent: 10 });
  });

  it('should give no price while the inputs are incomplete', () => {
    expect(retailQuote(undefined, valid, tiers)).toBeNull();
    expect(retailQuote(dayRow, { ...valid, quantity: Number.NaN }, tiers)).toBeNull();
    expect(retailQuote(dayRow, { ...valid, value: 0 }, tiers)).toBeNull();
  });
});

describe('toBuyRetailRequest', () => {
  it('should nest the period as the contract wants it', () => {
    expect(toBuyRetailRequest({ ...valid, protocol: 'socks5', autoRenew: true })).toEqual({
      country: 'VN',
      quantity: 50,
      period: { unit: 'day', value: 1 },
      protocol: 'socks5',
      autoRenew: true,
    });
  });
});
