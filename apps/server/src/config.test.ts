import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './config.js';

describe('configuration', () => {
  it('should apply the documented defaults (docs/wire-contract.md#configuration)', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      CAPTCHA: 'altcha',
      GATEWAY: 'embedded',
      GATEWAY_PORTS: [20000, 29999],
      GATEWAY_ALLOW_PRIVATE: false,
      OUTBOUND_ALLOW_PRIVATE: false,
      DATABASE_POOL_SIZE: 20,
    });
    expect(env.DEMO).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', 'many'],
    ['CAPTCHA', 'maybe'],
    ['GATEWAY_PORTS', '30000-20000'],
    ['GATEWAY_ALLOW_PRIVATE', 'yes'],
    ['OUTBOUND_ALLOW_PRIVATE', 'yes'],
    ['OUTBOUND_DNS_SERVERS', 'dns.example.com'],
    ['DEMO', '2'],
    ['SMTP_URL', 'http://mail'],
    ['APP_SECRET', 'short'],
    ['GATEWAY_DNS_SERVERS', 'dns.example.com'],
    ['GATEWAY_DNS_SERVERS', '127.0.0.1:99999'],
  ])('should refuse %s=%s with a message that names the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('should read GATEWAY_DNS_SERVERS as a list of name servers, ports and IPv6 included', () => {
    expect(parseEnv({ GATEWAY_DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53,::1' }).GATEWAY_DNS_SERVERS).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
      '::1',
    ]);
  });
});
