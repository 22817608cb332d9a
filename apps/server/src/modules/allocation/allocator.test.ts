import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, customer, ledgerMismatches, type TestApp } from '../../../test/helper.js';
import { catalogCountries, retailPrices } from '../../db/schema/index.js';
import { addEgress, createNode } from '../../db/seed-catalog.js';
import { expandIpv6, randomIpv6InPrefix } from './allocator.js';

let t: TestApp;
// 50 buyers race for 10 proxies each: the whole pool, so every claim meets locked rows. At most 10
// buys run at once on PostgreSQL (the test app's pool: openTestDatabase) and one on PGlite, so 50
// is five full waves of contending transactions; more buyers would add waves, not contention.
const BUYERS = 50;
const PER_BUYER = 10;
const POOL = BUYERS * PER_BUYER;
beforeAll(async () => {
  t = await build();
  // A dedicated country with one node: as many addresses as ports.
  await addV4Country('TT', 'Testland');
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

/** A v4 country of the default site sold by the day at 10 coins, without supply yet. */
async function addV4Country(code: string, name: string): Promise<void> {
  const site = await t.app.sites.resolve('localhost');
  await t.ctx.db.insert(catalogCountries).values({ id: randomUUID(), siteId: site.id, product: 'v4', code, name });
  await t.ctx.db.insert(retailPrices).values({
    id: randomUUID(),
    siteId: site.id,
    product: 'v4',
    country: code,
    unit: 'day',
    price: 10,
    renewPrice: 10,
    quantityStep: 1,
    maxQuantity: 100,
  });
}

describe('allocation under concurrency', () => {
  it('should give 50 concurrent buyers of 10 proxies no duplicate port or address, then run dry without charging', async () => {
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => customer(t, 10_000)));
    const results = await Promise.all(
      buyers.map((b) =>
        t.inject({
          method: 'POST',
          url: '/api/v4-proxy/buy-retail',
          token: b.token,
          payload: { country: 'TT', quantity: PER_BUYER, period: { unit: 'day', value: 1 } },
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

describe('allocation across nodes', () => {
  it('should sell the whole stock of a country when one node of its pool has run out of ports', async () => {
    await addV4Country('TN', 'Twonodes');
    const a = await createNode(t.ctx.db, { name: 'tn-a', host: '127.0.0.1', ports: [38000, 38009] });
    const b = await createNode(t.ctx.db, { name: 'tn-b', host: '127.0.0.1', ports: [38100, 38109] });
    await addEgress(
      t.ctx.db,
      a.id,
      'v4',
      'TN',
      Array.from({ length: 10 }, (_, i) => `127.202.0.${i + 1}`),
    );
    await addEgress(
      t.ctx.db,
      b.id,
      'v4',
      'TN',
      Array.from({ length: 10 }, (_, i) => `127.202.1.${i + 1}`),
    );
    // The node that sorts first keeps one port: an allocator that takes addresses in node order
    // before looking at ports would pick its ten addresses and find one port.
    const [first] = [a.id, b.id].sort();
    await t.ctx.db.execute(
      sql`delete from node_ports where node_id = ${first}::uuid and port <> 38000 and port <> 38100`,
    );

    const stock = (await t.inject({ method: 'GET', url: '/api/country/v4/list-country' })).json<
      { code: string; stock: number }[]
    >();
    expect(stock.find((c) => c.code === 'TN')?.stock).toBe(11);

    const buyer = await customer(t, 1_000);
    const buy = (quantity: number) =>
      t.inject({
        method: 'POST',
        url: '/api/v4-proxy/buy-retail',
        token: buyer.token,
        payload: { country: 'TN', quantity, period: { unit: 'day', value: 1 } },
      });
    const res = await buy(11);
    expect(res.statusCode).toBe(200);
    const proxies = res.json().proxies as { port: number; egressIp: string }[];
    expect(proxies).toHaveLength(11);
    expect(new Set(proxies.map((p) => p.egressIp)).size).toBe(11);
    // 11 × 10 coins, less the quantity discount of the demo's settings.
    const paid = await balanceOf(t, buyer.id);
    expect(paid).toBeLessThan(1_000);

    const dry = await buy(1);
    expect(dry.json().message).toBe('NOT_ENOUGT_PROXY');
    expect(await balanceOf(t, buyer.id)).toBe(paid);
    expect(await ledgerMismatches(t)).toEqual([]);
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
