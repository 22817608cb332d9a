import { describe, expect, it } from 'vitest';
import { expandCidr4 } from './egress.js';

describe('expandCidr4', () => {
  it('should list the host addresses of a block, from any address inside it', () => {
    expect(expandCidr4('10.0.0.5/30')).toEqual(['10.0.0.5', '10.0.0.6']);
    expect(expandCidr4('10.0.0.9/31')).toEqual(['10.0.0.8', '10.0.0.9']);
    expect(expandCidr4('192.168.1.7/32')).toEqual(['192.168.1.7']);
    expect(expandCidr4('10.1.0.0/20')).toHaveLength(4094);
  });

  it('should refuse odd forms, IPv6 and blocks outside /20–/32', () => {
    for (const bad of [
      '0x7f.1/30',
      '127.1/30',
      '010.0.0.1/30',
      '::ffff:127.0.0.1/128',
      '[::1]/128',
      '10.0.0.0/19',
      '10.0.0.0/33',
      '10.0.0.0',
      '10.0.0.0/',
    ]) {
      expect(() => expandCidr4(bad), bad).toThrow('INVALID_IP');
    }
  });
});
