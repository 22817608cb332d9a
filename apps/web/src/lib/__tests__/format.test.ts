import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { countryName, formatBytes, formatMoney } from '../format';

const t = ((key: string) => (key === 'common.coin' ? 'Coin' : key)) as unknown as TFunction;

describe('formatMoney', () => {
  it('should show coins with dot separators in Vietnamese', () => {
    expect(formatMoney(1_000_000, t, 'vi')).toBe('1.000.000 Coin');
  });

  it('should add dollars (coins / 24000) in English', () => {
    expect(formatMoney(20_000, t, 'en')).toBe('20.000 Coin ($0.83)');
    expect(formatMoney(-24_000, t, 'en')).toBe('-24.000 Coin (-$1.00)');
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
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(formatBytes(250 * 1024 ** 2)).toBe('250 MB');
  });
});
