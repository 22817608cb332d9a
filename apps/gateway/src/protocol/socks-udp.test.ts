/** The SOCKS5 UDP header codec (RFC 1928 §7), bytes only. */
import { describe, expect, it } from 'vitest';
import { SocksHandshake } from './socks-handshake.js';
import { parseUdpHeader, udpReplyHeader } from './socks-udp.js';

const data = Buffer.from('payload');

describe('parseUdpHeader', () => {
  it('should read IPv4, IPv6 and name destinations and where the data starts', () => {
    const v4 = Buffer.concat([Buffer.from([0, 0, 0, 1, 1, 2, 3, 4, 0x01, 0xbb]), data]);
    expect(parseUdpHeader(v4)).toEqual({ ip: { family: 4, v4: 0x01020304 }, host: null, port: 443, dataAt: 10 });
    const v6 = Buffer.alloc(22);
    v6[3] = 4;
    v6.writeUInt16BE(0x2001, 4);
    v6.writeUInt16BE(1, 18);
    v6.writeUInt16BE(53, 20);
    expect(parseUdpHeader(Buffer.concat([v6, data]))).toEqual({
      ip: { family: 6, v6: [0x2001, 0, 0, 0, 0, 0, 0, 1] },
      host: null,
      port: 53,
      dataAt: 22,
    });
    const name = Buffer.concat([Buffer.from([0, 0, 0, 3, 11]), Buffer.from('example.com'), Buffer.from([0, 53]), data]);
    expect(parseUdpHeader(name)).toEqual({ ip: null, host: 'example.com', port: 53, dataAt: 18 });
  });

  it('should read an IPv4-mapped IPv6 address as the IPv4 address it carries, as the TCP path does', () => {
    const mapped = Buffer.alloc(22);
    mapped[3] = 4;
    mapped.writeUInt16BE(0xffff, 14);
    mapped.writeUInt32BE(0xa9fea9fe, 16);
    mapped.writeUInt16BE(80, 20);
    expect(parseUdpHeader(mapped)).toEqual({ ip: { family: 4, v4: 0xa9fea9fe }, host: null, port: 80, dataAt: 22 });
  });

  it('should read a numeric name as the address a resolver would make of it', () => {
    const name = Buffer.concat([Buffer.from([0, 0, 0, 3, 5]), Buffer.from('127.1'), Buffer.from([0, 53])]);
    expect(parseUdpHeader(name)).toMatchObject({ ip: { family: 4, v4: 0x7f000001 }, host: null });
  });

  it('should tell fragments from unreadable headers', () => {
    expect(parseUdpHeader(Buffer.from([0, 0, 1, 1, 1, 2, 3, 4, 0, 53]))).toBe('frag');
    expect(parseUdpHeader(Buffer.from([0, 0, 0, 1, 1, 2, 3]))).toBe('bad');
    expect(parseUdpHeader(Buffer.from([0, 1, 0, 1, 1, 2, 3, 4, 0, 53]))).toBe('bad');
    expect(parseUdpHeader(Buffer.from([0, 0, 0, 9, 1, 2, 3, 4, 0, 53]))).toBe('bad');
    expect(parseUdpHeader(Buffer.from([0, 0, 0, 3, 0, 0, 53]))).toBe('bad');
    expect(parseUdpHeader(Buffer.from([0, 0, 0, 3, 9, 0x61]))).toBe('bad');
    expect(parseUdpHeader(Buffer.from([0, 0, 0, 3, 3, 0x61, 0x20, 0x62, 0, 53]))).toBe('bad');
    expect(parseUdpHeader(Buffer.alloc(0))).toBe('bad');
  });
});

describe('udpReplyHeader', () => {
  it('should write the source of a reply as IPv4 or IPv6', () => {
    expect([...udpReplyHeader('1.2.3.4', 53)]).toEqual([0, 0, 0, 1, 1, 2, 3, 4, 0, 53]);
    const v6 = udpReplyHeader('::1', 443);
    expect(v6.length).toBe(22);
    expect(v6[3]).toBe(4);
    expect(v6.readUInt16BE(18)).toBe(1);
    expect(v6.readUInt16BE(20)).toBe(443);
  });
});

describe('SOCKS5 UDP ASSOCIATE request', () => {
  it('should ask for a relay with the port the client names', () => {
    const access = { httpAdmit: () => null, socksIpAdmit: () => 'ok' as const, socksPasswordAdmit: () => true };
    const hs = new SocksHandshake(access, 1024);
    hs.push(Buffer.from([5, 1, 0, 5, 3, 0, 1, 0, 0, 0, 0, 0x1f, 0x90]));
    expect(hs.next()).toMatchObject({ kind: 'reply' });
    expect(hs.next()).toEqual({ kind: 'associate', port: 8080 });
  });
});
