import { describe, expect, it } from 'vitest';
import { checkErrorKind, countResults, isCheckDone, isCheckResult, looksLikeProxy, proxyLines } from '../check-result';

describe('proxyLines', () => {
  it('should drop blank lines and trim the others', () => {
    expect(proxyLines(' 1.2.3.4:80 \r\n\n5.6.7.8:1080:u:p\n')).toEqual(['1.2.3.4:80', '5.6.7.8:1080:u:p']);
  });
});

describe('looksLikeProxy', () => {
  it('should accept host:port and host:port:user:pass', () => {
    expect(looksLikeProxy('1.2.3.4:8080')).toBe(true);
    expect(looksLikeProxy('proxy.example:1080:user:p@ss')).toBe(true);
    expect(looksLikeProxy('[2001:db8::1]:3128')).toBe(true);
  });

  it('should refuse a line without a port', () => {
    expect(looksLikeProxy('1.2.3.4')).toBe(false);
    expect(looksLikeProxy('1.2.3.4:80:user')).toBe(false);
  });
});

describe('checkErrorKind', () => {
  it('should keep the checker’s own codes', () => {
    expect(checkErrorKind('auth')).toBe('auth');
    expect(checkErrorKind('format')).toBe('format');
    expect(checkErrorKind('forbidden')).toBe('forbidden');
    expect(checkErrorKind('timeout')).toBe('timeout');
  });

  it('should name socket errors and protocol replies', () => {
    expect(checkErrorKind('connect ECONNREFUSED 127.0.0.1:9')).toBe('refused');
    expect(checkErrorKind('getaddrinfo ENOTFOUND nowhere.invalid')).toBe('dns');
    expect(checkErrorKind('unreachable')).toBe('unreachable');
    expect(checkErrorKind('http 403')).toBe('protocol');
    expect(checkErrorKind('socks reply 5')).toBe('protocol');
    expect(checkErrorKind('something else')).toBe('other');
    expect(checkErrorKind(undefined)).toBeNull();
  });
});

describe('the NDJSON lines', () => {
  it('should tell a result from the closing line', () => {
    const result = { line: 'a:1', live: true, protocol: 'http', latencyMs: 3, exitIp: '1.1.1.1' };
    expect(isCheckResult(result)).toBe(true);
    expect(isCheckDone(result)).toBe(false);
    expect(isCheckDone({ done: 3 })).toBe(true);
    expect(isCheckResult({ done: 3 })).toBe(false);
  });

  it('should count live and dead results', () => {
    const r = (live: boolean) => ({ line: 'x:1', live, protocol: null, latencyMs: null, exitIp: null });
    expect(countResults([r(true), r(false), r(true)])).toEqual({ done: 3, live: 2, dead: 1 });
  });
});
