import { describe, expect, it } from 'vitest';
import { isIPv4Text, parseAllowedIps } from './schemas/developer.js';

describe('parseAllowedIps', () => {
  it('should take 1–3 distinct comma-separated IPv4 addresses', () => {
    expect(parseAllowedIps(' 127.0.0.1, 203.0.113.7 ,127.0.0.1')).toEqual(['127.0.0.1', '203.0.113.7']);
    expect(parseAllowedIps('1.1.1.1,2.2.2.2,3.3.3.3')).toHaveLength(3);
  });

  it('should refuse an empty list, a fourth address and anything not IPv4', () => {
    for (const bad of [
      '',
      ' , ',
      '1.1.1.1,2.2.2.2,3.3.3.3,4.4.4.4',
      '1.2.3',
      '256.1.1.1',
      '01.2.3.4',
      '::1',
      'a.b.c.d',
    ]) {
      expect(parseAllowedIps(bad), bad).toBeNull();
    }
  });

  it('should agree with the server on edge addresses', () => {
    expect(['0.0.0.0', '255.255.255.255', '10.0.0.1'].every(isIPv4Text)).toBe(true);
    expect(['1.2.3.4 ', '1.2.3.4.5', '1..2.3'].some(isIPv4Text)).toBe(false);
  });
});
