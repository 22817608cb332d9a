import { describe, expect, it } from 'vitest';
import type { ProxyRuntime } from '../node/runtime.js';
import { DnsError, type DnsCache } from './dns-cache.js';
import { Ipv6Only, resolveFor } from './resolve.js';

/** A resolver that answers from a table and records every question (no sockets). */
function table(answers: Record<string, string[] | string>) {
  const asked: string[] = [];
  const dns = {
    lookup(name: string, family: 4 | 6) {
      const key = `${name}/${family}`;
      asked.push(key);
      const a = answers[key] ?? 'ENOTFOUND';
      return typeof a === 'string' ? Promise.reject(new DnsError(a, name)) : Promise.resolve(a);
    },
  } as unknown as DnsCache;
  return { dns, asked };
}

const v6 = (ipv4Fallback: boolean) => ({ family: 6, cfg: { ipv4Fallback } }) as unknown as ProxyRuntime;

describe('resolveFor of an IPv6 proxy', () => {
  it('should ask for A records only when the name exists without AAAA records', async () => {
    const r = table({ 'v4only.test/6': 'ENODATA', 'v4only.test/4': ['192.0.2.1'] });
    await expect(resolveFor(r.dns, 'v4only.test', v6(true))).resolves.toEqual(['192.0.2.1']);
    await expect(resolveFor(r.dns, 'v4only.test', v6(false))).rejects.toBeInstanceOf(Ipv6Only);
    expect(r.asked).toEqual(['v4only.test/6', 'v4only.test/4', 'v4only.test/6', 'v4only.test/4']);
  });

  it('should not ask again for a name that does not exist or a resolver that fails', async () => {
    for (const code of ['ENOTFOUND', 'ETIMEOUT', 'ESERVFAIL']) {
      const r = table({ 'x.test/6': code, 'x.test/4': ['192.0.2.1'] });
      await expect(resolveFor(r.dns, 'x.test', v6(true))).rejects.toMatchObject({ code });
      expect(r.asked, code).toEqual(['x.test/6']);
    }
  });
});
