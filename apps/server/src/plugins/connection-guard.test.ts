import { describe, expect, it } from 'vitest';
import { connectionSource } from './connection-guard.js';

describe('connectionSource', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['2001:db8:0:1:aaaa::1', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001:ffff:ffff:ffff:ffff', '2001:db8:0:1::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::a00:1', '64:ff9b:0:0::/64'],
  ])('should count %s as %s', (ip, source) => {
    expect(connectionSource(ip)).toBe(source);
  });
});
