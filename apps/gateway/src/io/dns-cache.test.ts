import { describe, expect, it } from 'vitest';
import { caresResolver, DnsCache, DnsError, type DnsAnswer } from './dns-cache.js';

/** A resolver whose answers the test releases one by one. */
function controlled() {
  const calls: Array<{ name: string; family: 4 | 6; resolve: (a: DnsAnswer) => void; reject: (e: unknown) => void }> =
    [];
  const resolve = (name: string, family: 4 | 6) =>
    new Promise<DnsAnswer>((res, rej) => calls.push({ name, family, resolve: res, reject: rej }));
  return { calls, resolve };
}

describe('DnsCache', () => {
  // Over 80 lines: a describe block is as long as its tests, each of which is short.
  it('should share one query among concurrent lookups and cache the answer for its TTL', async () => {
    let now = 1_000;
    const r = controlled();
    const cache = new DnsCache({ resolve: r.resolve, now: () => now });
    const a = cache.lookup('example.com', 4);
    const b = cache.lookup('example.com', 4);
    expect(r.calls).toHaveLength(1);
    r.calls[0]?.resolve({ addresses: ['93.184.216.34'], ttlSec: 30 });
    expect(await a).toEqual(['93.184.216.34']);
    expect(await b).toEqual(['93.184.216.34']);
    now += 29_000;
    expect(await cache.lookup('example.com', 4)).toEqual(['93.184.216.34']);
    expect(r.calls).toHaveLength(1);
    now += 2_000;
    const c = cache.lookup('example.com', 4);
    expect(r.calls).toHaveLength(2);
    r.calls[1]?.resolve({ addresses: ['93.184.216.35'], ttlSec: 30 });
    expect(await c).toEqual(['93.184.216.35']);
  });

  it('should not let a slow name hold up other names', async () => {
    const r = controlled();
    const cache = new DnsCache({ resolve: r.resolve });
    const slow = cache.lookup('slow.example', 4);
    const fast = cache.lookup('fast.example', 4);
    r.calls[1]?.resolve({ addresses: ['192.0.2.10'], ttlSec: 60 });
    expect(await fast).toEqual(['192.0.2.10']);
    r.calls[0]?.resolve({ addresses: ['192.0.2.11'], ttlSec: 60 });
    expect(await slow).toEqual(['192.0.2.11']);
  });

  it('should keep A and AAAA answers apart', async () => {
    const r = controlled();
    const cache = new DnsCache({ resolve: r.resolve });
    const v4 = cache.lookup('dual.example', 4);
    const v6 = cache.lookup('dual.example', 6);
    expect(r.calls.map((c) => c.family)).toEqual([4, 6]);
    r.calls[0]?.resolve({ addresses: ['192.0.2.1'], ttlSec: 60 });
    r.calls[1]?.resolve({ addresses: ['2001:db8::1'], ttlSec: 60 });
    expect(await v4).toEqual(['192.0.2.1']);
    expect(await v6).toEqual(['2001:db8::1']);
  });

  it('should cache "no such name" briefly and not cache a timeout', async () => {
    let now = 0;
    const r = controlled();
    const cache = new DnsCache({ resolve: r.resolve, now: () => now, negativeTtlMs: 5_000 });
    const nx = cache.lookup('nx.example', 4);
    r.calls[0]?.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' }));
    await expect(nx).rejects.toEqual(new DnsError('ENOTFOUND', 'nx.example'));
    await expect(cache.lookup('nx.example', 4)).rejects.toBeInstanceOf(DnsError);
    expect(r.calls).toHaveLength(1);
    now += 5_001;
    void cache.lookup('nx.example', 4).catch(() => undefined);
    expect(r.calls).toHaveLength(2);

    const slow = cache.lookup('timeout.example', 4);
    r.calls[2]?.reject(Object.assign(new Error('t'), { code: 'ETIMEOUT' }));
    await expect(slow).rejects.toMatchObject({ code: 'ETIMEOUT' });
    void cache.lookup('timeout.example', 4).catch(() => undefined);
    expect(r.calls).toHaveLength(4);
  });

  it('should treat an empty answer as no data', async () => {
    const cache = new DnsCache({ resolve: () => Promise.resolve({ addresses: [], ttlSec: 60 }) });
    await expect(cache.lookup('empty.example', 4)).rejects.toMatchObject({ code: 'ENODATA' });
  });

  it('should evict the oldest entry beyond its size', async () => {
    const cache = new DnsCache({
      resolve: (name) => Promise.resolve({ addresses: [name === 'a.example' ? '192.0.2.1' : '192.0.2.2'], ttlSec: 60 }),
      maxEntries: 2,
    });
    await cache.lookup('a.example', 4);
    await cache.lookup('b.example', 4);
    await cache.lookup('c.example', 4);
    expect(cache.size).toBe(2);
  });

  it('should resolve localhost names to loopback without DNS (RFC 6761)', async () => {
    const resolve = caresResolver(500);
    expect(await resolve('localhost', 4)).toMatchObject({ addresses: ['127.0.0.1'] });
    expect(await resolve('app.localhost', 6)).toMatchObject({ addresses: ['::1'] });
  });
});
