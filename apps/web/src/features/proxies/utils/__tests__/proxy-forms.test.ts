import type { TRetailPrice } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import {
  authIpProblem,
  initialIpMode,
  isValidProxyPassword,
  isValidResetInterval,
  parseAuthIps,
  renewCost,
} from '../proxy-forms';

describe('auth IPs', () => {
  it('should read one address per line, skipping blanks and repeats', () => {
    expect(parseAuthIps(' 1.2.3.4 \n\n5.6.7.8\r\n1.2.3.4\n')).toEqual(['1.2.3.4', '5.6.7.8']);
  });

  it('should refuse an empty list', () => {
    expect(authIpProblem([])).toBe('authIpEmpty');
  });

  it('should refuse more than 3 addresses', () => {
    expect(authIpProblem(['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'])).toBe('authIpTooMany');
  });

  it('should accept IPv4 only', () => {
    expect(authIpProblem(['1.2.3.4', '10.0.0.255'])).toBeNull();
    expect(authIpProblem(['1.2.3.256'])).toBe('authIpInvalid');
    expect(authIpProblem(['::1'])).toBe('authIpInvalid');
    expect(authIpProblem(['example.com'])).toBe('authIpInvalid');
  });
});

describe('isValidProxyPassword', () => {
  it('should accept 10 to 20 letters and digits', () => {
    expect(isValidProxyPassword('abcde12345')).toBe(true);
    expect(isValidProxyPassword('a'.repeat(20))).toBe(true);
  });

  it('should refuse a short, long or punctuated password', () => {
    expect(isValidProxyPassword('abc123')).toBe(false);
    expect(isValidProxyPassword('a'.repeat(21))).toBe(false);
    expect(isValidProxyPassword('abcde12345:')).toBe(false);
  });
});

describe('isValidResetInterval', () => {
  it('should accept 15 to 1000 minutes', () => {
    expect(isValidResetInterval(15)).toBe(true);
    expect(isValidResetInterval(1000)).toBe(true);
    expect(isValidResetInterval(14)).toBe(false);
    expect(isValidResetInterval(1001)).toBe(false);
    expect(isValidResetInterval(20.5)).toBe(false);
  });
});

describe('renewCost', () => {
  const rows: TRetailPrice[] = [
    { id: '1', country: 'VN', unit: 'day', price: 400, renewPrice: 400, quantityStep: 50, maxQuantity: 5000 },
    { id: '2', country: 'VN', unit: 'month', price: 9000, renewPrice: 8100, quantityStep: 50, maxQuantity: 5000 },
    { id: '3', country: 'US', unit: 'day', price: 500, renewPrice: 500, quantityStep: 50, maxQuantity: 5000 },
  ];

  it('should add the price of each proxy by its country', () => {
    expect(renewCost([{ country: 'VN' }, { country: 'US' }], { unit: 'day', value: 3 }, rows)).toBe(2700);
  });

  it('should charge the renewal price from a month on', () => {
    expect(renewCost([{ country: 'VN' }], { unit: 'month', value: 2 }, rows)).toBe(16_200);
  });

  it('should not price a unit a country is not sold by', () => {
    expect(renewCost([{ country: 'US' }], { unit: 'month', value: 1 }, rows)).toBeNull();
    expect(renewCost([{ country: 'VN' }], { unit: 'day', value: 0 }, rows)).toBeNull();
  });
});

describe('initial IP change mode', () => {
  const manual = { ipChangeMode: 'manual' as const, changeIntervalMin: null };
  const auto = (changeIntervalMin: number) => ({ ipChangeMode: 'auto' as const, changeIntervalMin });

  it('should preselect manual for manual proxies, not the automatic default', () => {
    expect(initialIpMode([manual, manual])).toEqual({ mode: 'manual', intervalMin: 30 });
  });

  it('should preselect automatic with the proxies own interval', () => {
    expect(initialIpMode([auto(45), auto(45)])).toEqual({ mode: 'auto', intervalMin: 45 });
  });

  it('should preselect nothing for a mixed selection', () => {
    expect(initialIpMode([manual, auto(45)]).mode).toBeNull();
    expect(initialIpMode([auto(20), auto(45)]).mode).toBeNull();
  });
});
