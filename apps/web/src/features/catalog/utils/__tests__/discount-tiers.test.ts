import { describe, expect, it } from 'vitest';
import { discountTiersProblem, sortTiers } from '../discount-tiers';

describe('discountTiersProblem', () => {
  it('should accept distinct tiers within 0–90%', () => {
    expect(discountTiersProblem([])).toBeNull();
    expect(
      discountTiersProblem([
        { minQuantity: 500, percent: 5 },
        { minQuantity: 1000, percent: 10 },
      ]),
    ).toBeNull();
  });

  it('should refuse a quantity below 1, a fraction or a percent above 90', () => {
    expect(discountTiersProblem([{ minQuantity: 0, percent: 5 }])).toBe('tierInvalid');
    expect(discountTiersProblem([{ minQuantity: 1.5, percent: 5 }])).toBe('tierInvalid');
    expect(discountTiersProblem([{ minQuantity: 10, percent: 91 }])).toBe('tierInvalid');
    expect(discountTiersProblem([{ minQuantity: 10, percent: Number.NaN }])).toBe('tierInvalid');
  });

  it('should refuse two tiers with the same minimum', () => {
    expect(
      discountTiersProblem([
        { minQuantity: 10, percent: 5 },
        { minQuantity: 10, percent: 8 },
      ]),
    ).toBe('tierDuplicate');
  });

  it('should refuse more than 20 tiers', () => {
    const tiers = Array.from({ length: 21 }, (_, i) => ({ minQuantity: i + 1, percent: 1 }));
    expect(discountTiersProblem(tiers)).toBe('tooManyTiers');
  });
});

describe('sortTiers', () => {
  it('should put the smallest quantity first', () => {
    expect(
      sortTiers([
        { minQuantity: 50, percent: 10 },
        { minQuantity: 10, percent: 5 },
      ]).map((t) => t.minQuantity),
    ).toEqual([10, 50]);
  });
});
