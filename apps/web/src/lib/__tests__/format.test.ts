import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { countryName, formatBytes, formatInCurrency, formatMoney, formatNumber } from '../format';

// The coin unit as the locales give it: "Xu" in vi; "coin" for one and "coins" otherwise in en.
const tIn = (lang: 'vi' | 'en') =>
  ((key: string, o?: { count?: number }) =>
    key === 'common.coin' ? (lang === 'vi' ? 'Xu' : o?.count === 1 ? 'coin' : 'coins') : key) as unknown as TFunction;
const t = tIn('vi');
const en = tIn('en');

describe('formatMoney', () => {
  it('should show coins with dot separators in Vietnamese', () => {
    expect(formatMoney(1_000_000, t, 'vi')).toBe('1.000.000 Xu');
  });

  it('should group with commas, use the plural and add dollars (coins / 24000) in English', () => {
    expect(formatMoney(20_000, en, 'en')).toBe('20,000 coins ($0.83)');
    expect(formatMoney(-24_000, en, 'en')).toBe('-24,000 coins (-$1.00)');
    expect(formatMoney(1_000_000, en, 'en')).toBe('1,000,000 coins ($41.67)');
    expect(formatMoney(1, en, 'en')).toBe('1 coin (<$0.01)');
  });

  it('should never show an hourly price as $0.00', () => {
    expect(formatMoney(17, en, 'en')).toBe('17 coins (<$0.01)');
    expect(formatMoney(0, en, 'en')).toBe('0 coins ($0.00)');
  });
});

describe('formatInCurrency', () => {
  it('should show VND and dollars with two decimals, numbers in the interface language', () => {
    expect(formatInCurrency('bank', 10_000, 'vi')).toBe('10.000 VND');
    expect(formatInCurrency('bank', 10_000, 'en')).toBe('10,000 VND');
    expect(formatInCurrency('paypal', 24_000, 'vi')).toBe('$1,00');
    expect(formatInCurrency('paypal', 24_000, 'en')).toBe('$1.00');
  });
});

describe('formatNumber', () => {
  it('should follow the language: dots and a decimal comma in vi, commas and a decimal point in en', () => {
    expect(formatNumber(1_000_000, 'vi')).toBe('1.000.000');
    expect(formatNumber(1_000_000, 'en')).toBe('1,000,000');
    expect(formatNumber(3.8, 'vi', 1)).toBe('3,8');
    expect(formatNumber(3.8, 'en', 1)).toBe('3.8');
  });
});

describe('countryName', () => {
  it('should name a country in the interface language', () => {
    expect(countryName('VN', 'vi')).toBe('Việt Nam');
    expect(countryName('VN', 'en')).toBe('Vietnam');
  });

  it('should fall back to the given name for an unknown code', () => {
    expect(countryName('AA', 'en', 'Nowhere')).toBe('Nowhere');
  });
});

describe('formatBytes', () => {
  it('should use binary units with at most one decimal', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(3.8 * 1024, 'vi')).toBe('3,8 KB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(formatBytes(250 * 1024 ** 2)).toBe('250 MB');
  });
});
