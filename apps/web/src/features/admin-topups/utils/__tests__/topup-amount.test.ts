import { describe, expect, it } from 'vitest';
import { providerAmountText } from '../../components/admin-topup-columns';

describe('providerAmountText', () => {
  it('should group a VND amount with dots in every language, and keep other currencies as sent', () => {
    expect(providerAmountText({ providerAmount: '2000000', currency: 'VND' })).toBe('2.000.000');
    expect(providerAmountText({ providerAmount: '10.00', currency: 'USD' })).toBe('10.00');
    expect(providerAmountText({ providerAmount: '10.001234', currency: 'USDT' })).toBe('10.001234');
  });
});
