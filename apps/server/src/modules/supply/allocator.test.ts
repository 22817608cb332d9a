import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, customer, ledgerMismatches, type TestApp } from '../../../test/helper.js';
import { catalogCountries, retailPrices } from '../../db/schema/index.js';
import { addEgress, createNode } from '../../db/seed-catalog.js';
import { expandIpv6, randomIpv6InPrefix } from './allocator.js';

let t: TestApp;
const POOL = 10_000;
beforeAll(async () => {
  t = await build();
  // A dedicated country with one node: 10,000 addresses, 10,000 ports.
  const site = await t.app.sites.resolve('localhost');
  await t.ctx.db
    .insert(catalogCountries)
    .values({ id: randomUUID(), siteId: site.id, product: 'v4', code: 'TT', name: 'Testland' });
  await t.ctx.db.insert(retailPrices).values({
    id: randomUUID(),
    siteId: site.id,
    product: 'v4',
    country: 'TT',
    unit: 'day',
    price: 10,
    renewPrice: 10,
    quantityStep: 1,
    maxQuantity: 100,
  });
  const node = await createNode(t.ctx.db, { name: 'pool', host: '127.0.0.1', ports: [40000, 40000 + POOL - 1] });
  const ips: string[] = [];
  for (let i = 0; ips.length < POOL; i++) {
    ips.push(`127.200.${Math.floor(i / 250)}.${(i % 250) + 1}`);
  }
  await addEgress(t.ctx.db, node.id, 'v4', 'TT', ips);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('allocation under concurrency', () => {
  it('should give 200 concurrent buyers of 50 proxies no duplicate port or address, then run dry without charging', async () => {
    const buyers = await Promise.all(Array.from({ length: 200 }, () => customer(t, 10_000)));
    const results = await Promise.all(
      buyers.map((b) =>
        t.inject({
          method: 'POST',
          url: '/api/v4-proxy/buy-retail',
          token: b.token,
          payload: { country: 'TT', quantity: 50, period: { unit: 'day', value: 1 } },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const proxies = results.flatMap((r) => r.json().proxies as { port: number; egressIp: string }[]);
    expect(proxies).toHaveLength(POOL);
    expect(new Set(proxies.map((p) => p.port)).size).toBe(POOL);
    expect(new Set(proxies.map((p) => p.egressIp)).size).toBe(POOL);

    const late = await customer(t, 10_000);
    const dry = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: late.token,
      payload: { country: 'TT', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    expect(dry.statusCode).toBe(400);
    expect(dry.json().message).toBe('NOT_ENOUGT_PROXY');
    expect(await balanceOf(t, late.id)).toBe(10_000);
    const countries = (await t.inject({ method: 'GET', url: '/api/country/v4/list-country' })).json();
    expect(countries.find((c: { code: string }) => c.code === 'TT').available).toBe(false);
    expect(await ledgerMismatches(t)).toEqual([]);
  }, 180_000);
});

describe('rotating key pool', () => {
  it('should refuse more keys than the pool holds with NOT_ENOUGHT_KEY, uncharged', async () => {
    const site = await t.app.sites.resolve('localhost');
    await t.ctx.db
      .insert(catalogCountries)
      .values({ id: randomUUID(), siteId: site.id, product: 'key', code: 'TK', name: 'Keyland' });
    const node = await createNode(t.ctx.db, { name: 'keys', host: '127.0.0.1', ports: [39000, 39001] });
    await addEgress(t.ctx.db, node.id, 'key', 'TK', ['127.201.0.1', '127.201.0.2']);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0] as {
      id: string;
      price: number;
    };
    const buyer = await customer(t, pkg.price * 10);
    const buy = (quantity: number) =>
      t.inject({
        method: 'POST',
        url: `/api/key/buy-key-package/${pkg.id}`,
        token: buyer.token,
        payload: { country: 'TK', quantity },
      });
    const dry = await buy(3);
    expect(dry.statusCode).toBe(400);
    expect(dry.json().message).toBe('NOT_ENOUGHT_KEY');
    expect(await balanceOf(t, buyer.id)).toBe(pkg.price * 10);
    expect((await buy(2)).statusCode).toBe(200);
    expect(await balanceOf(t, buyer.id)).toBe(pkg.price * 8);
    expect((await buy(1)).json().message).toBe('NOT_ENOUGHT_KEY');
  });
});

describe('randomIpv6InPrefix', () => {
  it('should keep the prefix bits and randomise the host bits', () => {
    const a = randomIpv6InPrefix('2001:db8:77::/64');
    const b = randomIpv6InPrefix('2001:db8:77::/64');
    expect(expandIpv6(a).slice(0, 4)).toEqual([0x2001, 0xdb8, 0x77, 0]);
    expect(a).not.toBe(b);
    // A /128 has one address, given as written (the demo's ::1/128 egresses from '::1').
    expect(randomIpv6InPrefix('2001:db8::5/128')).toBe('2001:db8::5');
    expect(randomIpv6InPrefix('::1/128')).toBe('::1');
    expect(() => randomIpv6InPrefix('10.0.0.0/8')).toThrow();
  });
});
