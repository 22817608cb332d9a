import { describe, expect, it } from 'vitest';
import { egressBody, gatewayRunLine, ZNodeForm } from '../node-form';

describe('ZNodeForm', () => {
  it('should read ports as numbers and an empty prefix as none', () => {
    expect(
      ZNodeForm.parse({ name: ' n1 ', host: 'node.example', portFrom: '20000', portTo: '29999', ipv6Prefix: '' }),
    ).toEqual({ name: 'n1', host: 'node.example', portFrom: 20000, portTo: 29999, ipv6Prefix: null });
  });

  it('should refuse an inverted port range', () => {
    const r = ZNodeForm.safeParse({ name: 'n', host: 'h', portFrom: 30000, portTo: 20000, ipv6Prefix: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['portTo']);
  });
});

describe('gatewayRunLine', () => {
  it('should give the environment and the command of the node', () => {
    expect(gatewayRunLine('id1', 's3cret', 'https://panel.example')).toBe(
      'GATEWAY_NODE_ID=id1 GATEWAY_NODE_SECRET=s3cret PANEL_URL=https://panel.example npm run gateway',
    );
  });
});

describe('egressBody', () => {
  it('should split addresses on lines, commas and spaces, without repeats', () => {
    expect(egressBody('ips', '10.0.0.1\n10.0.0.2, 10.0.0.1 10.0.0.3')).toEqual({
      ips: ['10.0.0.1', '10.0.0.2', '10.0.0.3'],
    });
  });

  it('should take a CIDR, a prefix or a shared address as typed', () => {
    expect(egressBody('cidr', '203.0.113.0/24')).toEqual({ cidr: '203.0.113.0/24' });
    expect(egressBody('prefix', '2001:db8:1::/48')).toEqual({ prefix: '2001:db8:1::/48' });
    expect(egressBody('shared', '198.51.100.7')).toEqual({ shared: '198.51.100.7' });
  });

  it('should refuse what is empty or malformed', () => {
    expect(egressBody('ips', '  ')).toBeNull();
    expect(egressBody('cidr', '203.0.113.0')).toBeNull();
    expect(egressBody('prefix', '2001:db8::')).toBeNull();
  });
});
