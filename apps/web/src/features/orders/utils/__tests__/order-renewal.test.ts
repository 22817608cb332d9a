import type { TRetailPrice } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { bandwidthProblem, canRenew, renewalEstimate, renewSelectionProblem } from '../order-renewal';

const retail: TRetailPrice[] = [
  { id: 'd', country: 'VN', unit: 'day', price: 400, renewPrice: 400, quantityStep: 50, maxQuantity: 5000 },
  { id: 'm', country: 'VN', unit: 'month', price: 9000, renewPrice: 8100, quantityStep: 50, maxQuantity: 5000 },
];
const v6Order = { type: 'v6' as const, country: 'VN', quantity: 50, packageId: null };

describe('canRenew / renewSelectionProblem', () => {
  it('should allow only expired orders', () => {
    expect(canRenew({ status: 'expired' })).toBe(true);
    expect(canRenew({ status: 'using' })).toBe(false);
  });

  it('should need a selection, all of it expired', () => {
    expect(renewSelectionProblem([])).toBe('needSelection');
    expect(renewSelectionProblem([{ status: 'expired' }, { status: 'using' }])).toBe('onlyExpired');
    expect(renewSelectionProblem([{ status: 'expired' }])).toBeNull();
  });
});

describe('renewalEstimate', () => {
  it('should charge 50 proxies for 1 day at the retail price', () => {
    expect(renewalEstimate(v6Order, { unit: 'day', value: 1 }, retail, [])).toBe(20_000);
  });

  it('should use the renewal price from a month on', () => {
    expect(renewalEstimate(v6Order, { unit: 'month', value: 1 }, retail, [])).toBe(8100 * 50);
  });

  it('should price packages and keys by their package', () => {
    const packages = [{ id: 'pkg-1', price: 120_000 }];
    expect(renewalEstimate({ ...v6Order, type: 'package', packageId: 'pkg-1' }, undefined, [], packages)).toBe(120_000);
    expect(renewalEstimate({ ...v6Order, type: 'key', quantity: 3, packageId: 'pkg-1' }, undefined, [], packages)).toBe(
      360_000,
    );
  });

  it('should not guess a price it does not know', () => {
    expect(renewalEstimate(v6Order, { unit: 'week', value: 1 }, retail, [])).toBeNull();
    expect(renewalEstimate({ ...v6Order, type: 'package', packageId: 'gone' }, undefined, [], [])).toBeNull();
  });
});

describe('bandwidthProblem', () => {
  it('should show bandwidthMax when the total would pass the maximum', () => {
    expect(bandwidthProblem(50, 951, 1000)).toBe('bandwidthMax');
    expect(bandwidthProblem(50, 950, 1000)).toBeNull();
  });

  it('should refuse less than 1 GB', () => {
    expect(bandwidthProblem(50, 0, 1000)).toBe('bandwidthInvalid');
    expect(bandwidthProblem(50, Number.NaN, 1000)).toBe('bandwidthInvalid');
  });
});
