import { describe, expect, it } from 'vitest';
import { fixedDigits, formatCoinsIn, groupDigits } from './numbers.js';

describe('numbers in the reader language', () => {
  it('should group and write decimals the Vietnamese and the English way', () => {
    expect(groupDigits(1_000_000, 'vi')).toBe('1.000.000');
    expect(groupDigits(1_000_000, 'en')).toBe('1,000,000');
    expect(groupDigits(3.84, 'vi', 1)).toBe('3,8');
    expect(groupDigits(3.84, 'en', 1)).toBe('3.8');
    expect(fixedDigits(0.5, 'vi', 2)).toBe('0,50');
    expect(fixedDigits(0.5, 'en', 2)).toBe('0.50');
  });

  it('should give coins their unit, with the English plural', () => {
    expect(formatCoinsIn(1_000_000, 'vi')).toBe('1.000.000 Xu');
    expect(formatCoinsIn(1_000_000, 'en')).toBe('1,000,000 coins');
    expect(formatCoinsIn(1, 'en')).toBe('1 coin');
    expect(formatCoinsIn(400, 'en')).toBe('400 coins');
    expect(formatCoinsIn(0, 'en')).toBe('0 coins');
    expect(formatCoinsIn(1, 'vi')).toBe('1 Xu');
  });
});
