import { describe, expect, it } from 'vitest';
import { coinsToUsd, formatCoins, formatCoinsComma, formatDateTime } from './format.js';
import { periodToDays } from './period.js';
import { statusOf } from './errors.js';

describe('money display (seed-spec §9)', () => {
  it('should group coins with dots, and with commas for the top-up text', () => {
    expect(formatCoins(0)).toBe('0');
    expect(formatCoins(1000000)).toBe('1.000.000');
    expect(formatCoins(-12345)).toBe('-12.345');
    expect(formatCoinsComma(5000000)).toBe('5,000,000');
  });

  it('should show dollars as coins / 24000 to two decimals', () => {
    expect(coinsToUsd(24000)).toBe('1.00');
    expect(coinsToUsd(1_000_000)).toBe('41.67');
    expect(coinsToUsd(7200)).toBe('0.30');
    expect(coinsToUsd(120)).toBe('0.01');
  });
});

describe('dates (seed-spec §9)', () => {
  it('should show HH:mm DD/MM/YYYY', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3))).toBe('07:03 05/01/2026');
    expect(formatDateTime('garbage')).toBe('');
  });
});

describe('periods (seed-spec §9)', () => {
  it.each([
    [{ unit: 'hour', value: 48 }, 2],
    [{ unit: 'day', value: 3 }, 3],
    [{ unit: 'week', value: 2 }, 14],
    [{ unit: 'month', value: 1 }, 31],
    [{ unit: 'month', value: 3 }, 93],
    [{ unit: 'month', value: 12 }, 365],
    [{ unit: 'month', value: 13 }, 396],
  ] as const)('should make %j last %d days', (p, days) => {
    expect(periodToDays(p)).toBe(days);
  });
});

describe('error statuses (DESIGN.md "Errors")', () => {
  it.each([
    ['INVALID_TOKEN', 401],
    ['TOKEN_EXPIRED', 403],
    ['FORBIDDEN', 403],
    ['USER_NOT_EXISTS', 404],
    ['ORDER_NOT_EXIST', 404],
    ['USER_EXISTS', 409],
    ['GET_IP_TOO_FAST', 429],
    ['TOO_MANY_REQUEST', 429],
    ['UNKNOW_ERROR', 500],
    ['WRONG_PASSWORD', 400],
  ] as const)('should give %s the status %d', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });
});
