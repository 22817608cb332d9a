import type { TRetailPrice } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { unitsFor } from '../units';

const row = (country: string, unit: TRetailPrice['unit']): TRetailPrice => ({
  id: country + unit,
  country,
  unit,
  price: 1,
  renewPrice: 1,
  quantityStep: 1,
  maxQuantity: 1,
});

describe('unitsFor', () => {
  it('should offer only the units every chosen country is sold by', () => {
    const rows = [row('VN', 'day'), row('VN', 'month'), row('US', 'day'), row('US', 'week')];
    expect(unitsFor(rows, [{ country: 'VN' }, { country: 'US' }, { country: 'VN' }])).toEqual(['day']);
    expect(unitsFor(rows, [{ country: 'VN' }])).toEqual(['day', 'month']);
  });
});
