import { describe, expect, it } from 'vitest';
import { parseProxyLine, parseProxyLines } from './proxy-lines.js';

describe('parseProxyLine', () => {
  it.each([
    ['1.2.3.4:8080', { host: '1.2.3.4', port: 8080 }],
    ['Node.Example.com:20001', { host: 'node.example.com', port: 20001 }],
    ['1.2.3.4:8080:alice:s3cr:et', { host: '1.2.3.4', port: 8080, username: 'alice', password: 's3cr:et' }],
    ['alice:pw@1.2.3.4:8080', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['1.2.3.4:8080@alice:pw', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['http://alice:pw@1.2.3.4:8080', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['https://alice:pw@1.2.3.4:8080', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['socks5://alice:pw@1.2.3.4:8080', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['SOCKS5H://alice:pw@1.2.3.4:8080', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['socks5://1.2.3.4:8080', { host: '1.2.3.4', port: 8080 }],
    ['1.2.3.4\t8080\talice\tpw', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['1.2.3.4,8080,alice,pw', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['1.2.3.4:8080\talice\tpw', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['1.2.3.4, 8080', { host: '1.2.3.4', port: 8080 }],
    [
      '1.2.3.4,8080,alice,pw,http,VN,2026-01-01T00:00:00.000Z',
      { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' },
    ],
    ['"1.2.3.4","8080","alice","pw"', { host: '1.2.3.4', port: 8080, username: 'alice', password: 'pw' }],
    ['[2001:db8::1]:8080', { host: '2001:db8::1', port: 8080 }],
    ['alice:pw@[2001:db8::1]:8080', { host: '2001:db8::1', port: 8080, username: 'alice', password: 'pw' }],
  ])('should read %s', (line, want) => {
    expect(parseProxyLine(line)).toEqual({ line, ...want });
  });

  it.each([
    '',
    'hello',
    '1.2.3.4',
    '1.2.3.4:',
    '1.2.3.4:0',
    '1.2.3.4:70000',
    '1.2.3.4:80a',
    ':8080',
    'a b:80',
    '@1.2.3.4:80',
    'x@y',
    '2001:db8::1:8080',
  ])('should refuse %j', (line) => {
    expect(parseProxyLine(line)).toBeNull();
  });
});

describe('parseProxyLines', () => {
  it('should skip blank lines and a CSV header, handle CRLF, and keep unreadable lines apart', () => {
    const r = parseProxyLines('host,port,username,password\r\n\r\n 1.2.3.4:80 \r\nnot a proxy\n\n5.6.7.8:81:u:p\r');
    expect(r.lines).toBe(3);
    expect(r.parsed.map((p) => p.line)).toEqual(['1.2.3.4:80', '5.6.7.8:81:u:p']);
    expect(r.invalid).toEqual(['not a proxy']);
  });
});
