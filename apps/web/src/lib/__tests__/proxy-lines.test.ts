import { describe, expect, it } from 'vitest';
import { keyLine, linesToText, proxyLine } from '../proxy-lines';

describe('proxy lines', () => {
  it('should write host:port:user:pass', () => {
    expect(proxyLine({ host: '127.0.0.1', port: 20001, username: 'u1', password: 'p1' })).toBe('127.0.0.1:20001:u1:p1');
  });

  it('should write a key with its current line, or alone', () => {
    expect(keyLine({ key: 'rk_1', current: 'h:1:u:p' })).toBe('rk_1 h:1:u:p');
    expect(keyLine({ key: 'rk_1', current: null })).toBe('rk_1');
  });

  it('should end a non-empty file with a newline', () => {
    expect(linesToText(['a', 'b'])).toBe('a\nb\n');
    expect(linesToText([])).toBe('');
  });
});
