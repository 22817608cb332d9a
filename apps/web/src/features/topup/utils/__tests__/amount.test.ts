import { describe, expect, it } from 'vitest';
import { amountInputText, checkAmount, parseAmountInput, presetAmounts } from '../amount';

describe('parseAmountInput', () => {
  it('should read VND with or without group separators', () => {
    expect(parseAmountInput('bank', '200000')).toBe(200_000);
    expect(parseAmountInput('bank', '200.000')).toBe(200_000);
    expect(parseAmountInput('bank', '1,000,000')).toBe(1_000_000);
    expect(parseAmountInput('momo', ' 50 000 ')).toBe(50_000);
  });

  it('should refuse VND decimals and words', () => {
    expect(parseAmountInput('bank', '200.00')).toBeNull();
    expect(parseAmountInput('bank', 'abc')).toBeNull();
    expect(parseAmountInput('bank', '')).toBeNull();
  });

  it('should turn dollars into coins at cents × 240', () => {
    expect(parseAmountInput('paypal', '10')).toBe(240_000);
    expect(parseAmountInput('card', '0.5')).toBe(12_000);
    expect(parseAmountInput('usdt', '1,25')).toBe(30_000);
    expect(parseAmountInput('usdt', '$2')).toBe(48_000);
  });

  it('should refuse more than two decimals of a dollar', () => {
    expect(parseAmountInput('paypal', '1.005')).toBeNull();
  });
});

describe('checkAmount', () => {
  it('should want an amount above 0', () => {
    expect(checkAmount('bank', null)).toEqual({ kind: 'required' });
    expect(checkAmount('bank', 0)).toEqual({ kind: 'invalid' });
  });

  it('should apply the minimum of each method (docs/money.md#minimums)', () => {
    expect(checkAmount('bank', 9_999)).toEqual({ kind: 'min', minAmount: 10_000 });
    expect(checkAmount('bank', 10_000)).toBeNull();
    expect(checkAmount('paypal', 23_760)).toEqual({ kind: 'min', minAmount: 24_000 });
    expect(checkAmount('usdt', 240)).toBeNull();
  });

  it("should prefer the server's minimum and step", () => {
    expect(checkAmount('bank', 15_000, { minAmount: 20_000, step: 1 })).toEqual({ kind: 'min', minAmount: 20_000 });
    expect(checkAmount('usdt', 250, { minAmount: 240, step: 240 })).toEqual({ kind: 'step', step: 240 });
  });

  it('should refuse more than the largest top-up', () => {
    expect(checkAmount('bank', 2_000_000_000)).toEqual({ kind: 'max', maxAmount: 1_000_000_000 });
  });
});

describe('presetAmounts', () => {
  it('should offer amounts every method accepts', () => {
    for (const method of ['bank', 'paypal', 'usdt'] as const) {
      for (const coins of presetAmounts(method)) {
        expect(checkAmount(method, coins)).toBeNull();
        expect(parseAmountInput(method, amountInputText(method, coins))).toBe(coins);
      }
    }
  });
});
