import { describe, expect, it } from 'vitest';
import { expandIpv6, randomIpv6InPrefix } from './allocator.js';

describe('expandIpv6', () => {
  it('should give the eight words of every written form', () => {
    expect(expandIpv6('2001:db8::5')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 5]);
    expect(expandIpv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(expandIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(expandIpv6('fe80::')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 0]);
    // An IPv4-mapped address: its dotted tail is two words.
    expect(expandIpv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
  });
});

describe('randomIpv6InPrefix with odd prefixes', () => {
  it('should refuse what is no IPv6 prefix and keep the bits of one in mapped form', () => {
    for (const bad of ['::1', '::1/129', '::1/-1', '[::1]/64', '0x7f.1/8', '127.0.0.1/8', '::/x']) {
      expect(() => randomIpv6InPrefix(bad), bad).toThrow();
    }
    const mapped = expandIpv6(randomIpv6InPrefix('::ffff:10.0.0.0/120'));
    expect(mapped.slice(0, 7)).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0a00]);
    expect(mapped[7]! >> 8).toBe(0);
  });
});
