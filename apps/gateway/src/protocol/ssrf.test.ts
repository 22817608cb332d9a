import { describe, expect, it } from 'vitest';
import {
  AddressSet,
  destinationRefusal,
  formatIp,
  parseHost,
  parseIp,
  parseIPv4Loose,
  specialPurpose,
  type DestinationPolicy,
  type Ip,
} from './ssrf.js';

function ipOf(host: string): string {
  const t = parseHost(host);
  if (t.kind !== 'ip') {
    throw new Error(`${host} parsed as ${t.kind}`);
  }
  return formatIp(t.ip);
}

function must(ip: string): Ip {
  const parsed = parseIp(ip);
  if (parsed === null) {
    throw new Error(`not an IP: ${ip}`);
  }
  return parsed;
}

const strict: DestinationPolicy = { allowPrivate: false, isBlockedPort: () => false, isOwnAddress: () => false };

describe('parseHost', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0X7F.0.0.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['169.254.169.254', '169.254.169.254'],
    ['2852039166', '169.254.169.254'],
    ['[::1]', '0:0:0:0:0:0:0:1'],
    ['::1', '0:0:0:0:0:0:0:1'],
    ['[::ffff:127.0.0.1]', '127.0.0.1'],
    ['[::ffff:7f00:1]', '127.0.0.1'],
    ['[0:0:0:0:0:ffff:a9fe:a9fe]', '169.254.169.254'],
    ['[2001:DB8::1]', '2001:db8:0:0:0:0:0:1'],
  ])('should read %s as %s', (host, ip) => {
    expect(ipOf(host)).toBe(ip);
  });

  it.each([
    '256.0.0.1',
    '1.2.3.4.5',
    '0x100.0.0.1',
    '4294967296',
    '08.0.0.1',
    '1..2',
    '[::1',
    '[fe80::1%eth0]',
    'example.123',
    '1.2.3.-4',
  ])('should refuse the malformed %s', (host) => {
    expect(parseHost(host).kind).toBe('invalid');
  });

  it('should take names as names, lower-cased, without a trailing dot', () => {
    expect(parseHost('Example.COM.')).toEqual({ kind: 'name', name: 'example.com' });
    expect(parseHost('1.2.3.4.nip.io')).toEqual({ kind: 'name', name: '1.2.3.4.nip.io' });
    expect(parseHost('under_score.example')).toEqual({ kind: 'name', name: 'under_score.example' });
  });

  it('should refuse names that are not host names', () => {
    for (const bad of ['', '.', 'a b.com', 'evil.com/x', '-x.com', `${'a'.repeat(64)}.com`, 'a@b.com']) {
      expect(parseHost(bad).kind).toBe('invalid');
    }
  });
});

describe('parseIPv4Loose', () => {
  it('should fill the last part into the remaining bytes like inet_aton', () => {
    expect(parseIPv4Loose('1.65536')).toBe(0x01010000);
    expect(parseIPv4Loose('1.16777215')).toBe(0x01ffffff);
    expect(parseIPv4Loose('1.16777216')).toBeNull();
    expect(parseIPv4Loose('1.2.65535')).toBe(0x0102ffff);
    expect(parseIPv4Loose('1.2.65536')).toBeNull();
    expect(parseIPv4Loose('1.2.3.0x')).toBe(0x01020300);
    expect(parseIPv4Loose('255.255.255.255')).toBe(0xffffffff);
  });
});

describe('specialPurpose', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'shared address space (CGNAT)'],
    ['100.127.255.255', 'shared address space (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'site-local (deprecated)'],
    ['2001:db8::1', 'documentation'],
    ['64:ff9b::7f00:1', 'loopback (embedded in IPv6)'],
    ['64:ff9b::a9fe:a9fe', 'link-local (embedded in IPv6)'],
    ['2002:7f00:1::', 'loopback (embedded in IPv6)'],
    ['2002:c0a8:101::1', 'private (embedded in IPv6)'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
  ])('should call %s %s', (ip, label) => {
    expect(specialPurpose(must(ip))).toBe(label);
  });

  it('should map IPv4-mapped IPv6 to the IPv4 address it carries', () => {
    expect(specialPurpose(must('::ffff:127.0.0.1'))).toBe('loopback');
    expect(specialPurpose(must('::ffff:10.0.0.1'))).toBe('private');
    expect(specialPurpose(must('::ffff:8.8.8.8'))).toBeNull();
  });

  it('should refuse an IPv4-mapped address it is given as IPv6, whatever it carries', () => {
    // The parsers unmap; one that did not would send IPv4 from an IPv6 socket past the family rule.
    const mapped = (v4: number): Ip => ({ family: 6, v6: [0, 0, 0, 0, 0, 0xffff, v4 >>> 16, v4 & 0xffff] });
    expect(specialPurpose(mapped(0x7f000001))).toBe('IPv4-mapped');
    expect(specialPurpose(mapped(0xa9fea9fe))).toBe('IPv4-mapped');
    expect(specialPurpose(mapped(0x08080808))).toBe('IPv4-mapped');
    expect(destinationRefusal(mapped(0x7f000001), 53, strict)).toBe('IPv4-mapped');
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '2606:4700::1111',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('should let the global address %s through', (ip) => {
    expect(specialPurpose(must(ip))).toBeNull();
  });
});

describe('destinationRefusal', () => {
  const own = new AddressSet();
  own.add('203.0.113.7');
  own.add('2001:db8:77::/64');
  const lenient: DestinationPolicy = {
    allowPrivate: true,
    isBlockedPort: (port) => port === 8080,
    isOwnAddress: (ip) => own.has(ip),
  };

  it('should refuse special-purpose space unless private destinations are allowed', () => {
    expect(destinationRefusal(must('127.0.0.1'), 80, strict)).toBe('loopback');
    expect(destinationRefusal(must('127.0.0.1'), 80, lenient)).toBeNull();
    expect(destinationRefusal(must('93.184.216.34'), 443, strict)).toBeNull();
  });

  it("should refuse blocked ports on loopback and on the node's own addresses only", () => {
    expect(destinationRefusal(must('127.0.0.1'), 8080, lenient)).toBe('a port of this node');
    expect(destinationRefusal(must('127.0.0.53'), 8080, lenient)).toBe('a port of this node');
    expect(destinationRefusal(must('0.0.0.0'), 8080, lenient)).toBe('a port of this node');
    expect(destinationRefusal(must('::'), 8080, lenient)).toBe('a port of this node');
    expect(destinationRefusal(must('::ffff:127.0.0.1'), 8080, lenient)).toBe('a port of this node');
    expect(destinationRefusal(must('203.0.113.7'), 8080, lenient)).toBe('a port of this node');
    expect(destinationRefusal(must('2001:db8:77::1234'), 8080, lenient)).toBe('a port of this node');
    expect(destinationRefusal(must('2001:db8:78::1'), 8080, lenient)).toBeNull();
    expect(destinationRefusal(must('93.184.216.34'), 8080, lenient)).toBeNull();
    expect(destinationRefusal(must('127.0.0.1'), 8081, lenient)).toBeNull();
  });

  it('should refuse port 0', () => {
    expect(destinationRefusal(must('93.184.216.34'), 0, strict)).toBe('invalid port');
  });
});

describe('AddressSet', () => {
  it('should match addresses whatever their spelling, and CIDR blocks', () => {
    const set = new AddressSet();
    expect(set.add('2001:DB8:0::1')).toBe(true);
    expect(set.add('10.0.0.0/8')).toBe(true);
    expect(set.add('nonsense')).toBe(false);
    expect(set.add('10.0.0.0/33')).toBe(false);
    expect(set.has(must('2001:db8::1'))).toBe(true);
    expect(set.has(must('10.200.0.1'))).toBe(true);
    expect(set.has(must('::ffff:10.0.0.1'))).toBe(true);
    expect(set.has(must('11.0.0.1'))).toBe(false);
  });
});

describe('a destination in any spelling', () => {
  // Host as a client writes it → the refusal under the strict policy (null: reachable).
  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['127.1', 'loopback'],
    ['010.0.0.1', null], // octal: 8.0.0.1
    ['0300.0250.0.1', 'private'],
    ['[::1]', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a00:1', 'private (embedded in IPv6)'],
    ['64:ff9b::808:808', null],
    ['2002:0a00:0001::', 'private (embedded in IPv6)'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['1.2.3.0x', null],
    ['0x', 'this network'],
    ['8.8.8.8', null],
    ['2001:4860:4860::8888', null],
  ])('should judge %s as %s', (host, refusal) => {
    const t = parseHost(host);
    if (t.kind !== 'ip') {
      throw new Error(`${host} parsed as ${t.kind}`);
    }
    expect(destinationRefusal(t.ip, 443, strict)).toBe(refusal);
  });

  it.each([
    'fe80::1%eth0',
    '[fe80::1%eth0]',
    '08.0.0.1',
    '1.2.3.4.5',
    '256.0.0.1',
    '::1:2:3:4:5:6:7:8',
    '[::1',
    '1.2.3.09',
  ])('should refuse %s as no address at all', (host) => {
    expect(parseHost(host).kind).toBe('invalid');
  });

  it('should take only a prefix length within the family in a CIDR', () => {
    const set = new AddressSet();
    expect(set.add('10.0.0.0/32')).toBe(true);
    expect(set.add('10.0.0.0/33')).toBe(false);
    expect(set.add('fd00::/128')).toBe(true);
    expect(set.add('fd00::/129')).toBe(false);
    expect(set.add('10.0.0.0/-1')).toBe(false);
    expect(set.add('10.0.0.0/')).toBe(false);
    expect(set.add('10.1/16')).toBe(false);
    expect(set.add('fe80::/10/1')).toBe(false);
    expect(set.add('fe80::%eth0/10')).toBe(false);
    expect(set.has(must('10.0.0.0'))).toBe(true);
    expect(set.has(must('10.0.0.1'))).toBe(false);
    expect(set.has(must('fd00::'))).toBe(true);
  });
});
