import { describe, expect, it } from 'vitest';
import { fieldFromNumber, numberFromField } from '../form';

describe('number fields', () => {
  it('should read a cleared field as NaN, not 0, and show it empty again', () => {
    expect(numberFromField('')).toBeNaN();
    expect(fieldFromNumber(numberFromField(''))).toBe('');
  });

  it('should read and show a typed number as itself, 0 included', () => {
    expect(numberFromField('150')).toBe(150);
    expect(numberFromField('0')).toBe(0);
    expect(fieldFromNumber(0)).toBe(0);
    expect(fieldFromNumber(2.5)).toBe(2.5);
  });
});
