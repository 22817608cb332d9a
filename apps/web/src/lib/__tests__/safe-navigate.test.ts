import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from '../safe-navigate';

describe('safeHttpUrl', () => {
  it('should pass absolute http(s) URLs, normalised as the browser opens them', () => {
    expect(safeHttpUrl('https://www.paypal.com/checkoutnow?token=1')).toBe(
      'https://www.paypal.com/checkoutnow?token=1',
    );
    expect(safeHttpUrl('HTTPS://Pay.Example/x')).toBe('https://pay.example/x');
    expect(safeHttpUrl('http://127.0.0.1:18601/checkout')).toBe('http://127.0.0.1:18601/checkout');
  });

  it('should refuse script, data and other schemes, however they are written', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'blob:https://pay.example/1',
      'file:///etc/passwd',
      'ftp://pay.example/x',
    ]) {
      expect(safeHttpUrl(url), JSON.stringify(url)).toBeNull();
    }
  });

  it('should refuse relative and empty URLs and non-strings unless a base is given', () => {
    for (const url of ['/topup', '//evil.example/x', 'pay.example', '', null, undefined, 42, {}]) {
      expect(safeHttpUrl(url), JSON.stringify(url) ?? 'undefined').toBeNull();
    }
    expect(safeHttpUrl('/topup?x=1', 'https://panel.example/dashboard')).toBe('https://panel.example/topup?x=1');
    expect(safeHttpUrl('javascript:alert(1)', 'https://panel.example/')).toBeNull();
  });
});

/** Every .ts/.tsx file of the app's source. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      return e.name === '__tests__' ? [] : sources(full);
    }
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('navigation to outside URLs', () => {
  it('should go through lib/safe-navigate only', () => {
    const src = fileURLToPath(new URL('../..', import.meta.url));
    const direct = /location\.(assign|replace)\s*\(|location\.href\s*=[^=]|window\.open\s*\(|\.location\s*=[^=]/;
    const offenders = sources(src)
      .filter((file) => !file.endsWith(path.join('lib', 'safe-navigate.ts')))
      .filter((file) => direct.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});
