import { describe, expect, it } from 'vitest';
import { ConfigError, parseGatewayEnv } from './config.js';

const valid = { GATEWAY_NODE_ID: 'node-1', GATEWAY_NODE_SECRET: 's3cret', PANEL_URL: 'https://panel.example.com' };

describe('parseGatewayEnv', () => {
  it('should apply the defaults', () => {
    expect(parseGatewayEnv(valid)).toEqual({
      ...valid,
      GATEWAY_BIND: '0.0.0.0',
      GATEWAY_ALLOW_PRIVATE: false,
      GATEWAY_DRAIN_MS: 30_000,
      GATEWAY_PANEL_RETRY_MAX_MS: 30_000,
    });
  });

  it('should name every missing variable', () => {
    expect(() => parseGatewayEnv({})).toThrow(ConfigError);
    expect(() => parseGatewayEnv({})).toThrow(/GATEWAY_NODE_ID.*\n.*GATEWAY_NODE_SECRET.*\n.*PANEL_URL/);
    expect(() => parseGatewayEnv({ ...valid, PANEL_URL: '' })).toThrow(/PANEL_URL: PANEL_URL is required/);
  });

  it.each([
    ['PANEL_URL', 'panel.example.com'],
    ['GATEWAY_BIND', 'everywhere'],
    ['GATEWAY_ALLOW_PRIVATE', 'yes'],
    ['GATEWAY_BLOCKED_PORTS', '8080;5432'],
    ['GATEWAY_BLOCKED_PORTS', '70000'],
    ['IPV6_PREFIX', '10.0.0.0/8'],
    ['GATEWAY_DNS_SERVERS', 'dns.example.com'],
    ['GATEWAY_DNS_SERVERS', '1.1.1.1:99999'],
    ['GATEWAY_PANEL_RETRY_MAX_MS', '500'],
  ])('should refuse a bad %s (%s) and say which', (name, value) => {
    expect(() => parseGatewayEnv({ ...valid, [name]: value })).toThrow(new RegExp(`\\n  ${name}: `));
  });

  it('should read the optional settings', () => {
    expect(
      parseGatewayEnv({
        ...valid,
        GATEWAY_BIND: '::',
        GATEWAY_ALLOW_PRIVATE: '1',
        GATEWAY_BLOCKED_PORTS: '8080,5432',
        IPV6_PREFIX: '2001:db8:1::/64',
        GATEWAY_DNS_SERVERS: '1.1.1.1, [::1]:5353',
        GATEWAY_PANEL_RETRY_MAX_MS: '2000',
      }),
    ).toMatchObject({
      GATEWAY_BIND: '::',
      GATEWAY_ALLOW_PRIVATE: true,
      GATEWAY_BLOCKED_PORTS: [8080, 5432],
      IPV6_PREFIX: '2001:db8:1::/64',
      GATEWAY_DNS_SERVERS: ['1.1.1.1', '[::1]:5353'],
      GATEWAY_PANEL_RETRY_MAX_MS: 2000,
    });
  });
});
