import { describe, expect, it } from 'vitest';
import { marginPercent } from '@/lib/margin';
import { formatSupplierBalance, sortStock } from '../supplier-format';

describe('margin figures', () => {
  it('should give margin as a whole share of revenue, none without revenue', () => {
    expect(marginPercent(10_000, 2_500)).toBe(25);
    expect(marginPercent(3, 2)).toBe(66);
    expect(marginPercent(1_000, -250)).toBe(-25);
    expect(marginPercent(0, -100)).toBeNull();
  });
});

describe('supplier figures', () => {
  it('should write a balance as the UI language does, with its currency', () => {
    expect(formatSupplierBalance(1234.5, 'RUB', 'vi')).toBe('1.234,5 RUB');
    expect(formatSupplierBalance(1234.5, 'RUB', 'en')).toBe('1,234.5 RUB');
    expect(formatSupplierBalance(12, null, 'en')).toBe('12');
    expect(formatSupplierBalance(null, 'USD', 'en')).toBeNull();
  });

  it('should put the largest stock first', () => {
    const stock = [
      { product: 'v6' as const, country: 'US', count: 5 },
      { product: 'v4' as const, country: 'VN', count: 40 },
      { product: 'v4' as const, country: 'DE', count: 5 },
    ];
    expect(sortStock(stock).map((s) => `${s.product}${s.country}`)).toEqual(['v4VN', 'v4DE', 'v6US']);
  });
});
