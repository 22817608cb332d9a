import { describe, expect, it } from 'vitest';
import { keyOrderProblem, keyOrderTotal } from '../key-order';

const valid = { packageId: 'p1', country: 'VN', quantity: 2, protocol: 'socks5' as const };

describe('keyOrderProblem', () => {
  it('should accept a package, a country and a quantity', () => {
    expect(keyOrderProblem(valid)).toBeNull();
  });

  it('should ask for the package and the country', () => {
    expect(keyOrderProblem({ ...valid, packageId: '' })).toBe('packageRequired');
    expect(keyOrderProblem({ ...valid, country: '' })).toBe('countryRequired');
  });

  it('should refuse fewer than 1 key and more than the contract allows', () => {
    expect(keyOrderProblem({ ...valid, quantity: 0 })).toBe('quantityMin');
    expect(keyOrderProblem({ ...valid, quantity: Number.NaN })).toBe('quantityMin');
    expect(keyOrderProblem({ ...valid, quantity: 1001 })).toBe('keyQuantityMax');
  });
});

describe('keyOrderTotal', () => {
  it('should charge the package price per key', () => {
    expect(keyOrderTotal({ price: 15_000 }, 3)).toBe(45_000);
    expect(keyOrderTotal({ price: 15_000 }, 0)).toBeNull();
    expect(keyOrderTotal(undefined, 1)).toBeNull();
  });
});
