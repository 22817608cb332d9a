import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  balanceOf,
  build,
  countRows,
  customer,
  fund,
  ledgerMismatches,
  waitFor,
  type TestApp,
} from '../../../test/helper.js';
import { queryRows } from '../../db/client.js';
import { catalogCountries, retailPrices } from '../../db/schema/index.js';
import { runLifecycle } from '../../jobs/lifecycle.js';
import { EVENTS_CHANNEL } from '../realtime/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;
const V4_DAY = 3_000; // demo retail price per IPv4 proxy per day, the same in every country

interface Proxy {
  id: string;
  port: number;
  username: string;
  password: string;
  egressIp: string;
  expiresAt: string;
  protocol: string;
  autoRenew: boolean;
  country: string;
  status: string;
}

async function buy(token: string, body: object = {}, product: 'v4' | 'v6' = 'v4') {
  const res = await t.inject({
    method: 'POST',
    url: `/api/${product}-proxy/buy-retail`,
    token,
    payload: { country: 'VN', quantity: 2, period: { unit: 'day', value: 1 }, ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ order: { id: string; code: string; expiresAt: string; totalPrice: number }; proxies: Proxy[] }>();
}

const increase = (token: string, id: string, amount: number) =>
  t.inject({ method: 'PUT', url: `/api/order/increase-amount/${id}`, token, payload: { amount } });
const change = (token: string, id: string, country: string) =>
  t.inject({ method: 'PUT', url: `/api/order/change-country/${id}`, token, payload: { country } });

async function history(token: string, orderId: string) {
  const res = await t.inject({ method: 'GET', url: `/api/order/bill-order?orderId=${orderId}`, token });
  return res.json<{ action: string; result: string; note: string; amount: number }[]>();
}

async function orderProxies(token: string, orderId: string, product: 'v4' | 'v6' = 'v4') {
  const res = await t.inject({
    method: 'GET',
    url: `/api/${product}-proxy/list-proxy-me?orderId=${orderId}&limit=500`,
    token,
  });
  return res.json<{ items: Proxy[] }>().items;
}

async function detail(token: string, orderId: string) {
  return (await t.inject({ method: 'GET', url: `/api/order/detail/${orderId}`, token })).json();
}

/** What an operation may touch: rows that must stay as they were when it is refused. */
async function snapshot(userId: string) {
  const held = await queryRows<{ ports: string; ips: string }>(
    t.ctx.db,
    sql`select (select count(*) from node_ports where proxy_id is not null) as ports,
               (select count(*) from egress_ips where proxy_id is not null) as ips`,
  );
  return {
    balance: await balanceOf(t, userId),
    proxies: await countRows(t, 'proxies'),
    transactions: await countRows(t, 'transactions'),
    proxyEvents: await countRows(t, 'proxy_events'),
    ports: Number(held[0]!.ports),
    ips: Number(held[0]!.ips),
  };
}

async function setDayPrice(country: string, price: number) {
  await t.ctx.db
    .update(retailPrices)
    .set({ price })
    .where(and(eq(retailPrices.product, 'v4'), eq(retailPrices.country, country), eq(retailPrices.unit, 'day')));
}

describe('PUT /api/order/increase-amount/:id', () => {
  it('should add proxies for the remaining hours at the retail price, sharing the order’s expiry and settings', async () => {
    const c = await customer(t, 100_000);
    const { order, proxies } = await buy(c.token, { protocol: 'socks5', autoRenew: true });
    t.clock.advance(6 * HOUR);
    await c.relogin();
    const before = await balanceOf(t, c.id);
    const res = await increase(c.token, order.id, 3);
    expect(res.statusCode).toBe(200);
    // 18 hours are left of a 1-day order: 3 × 3,000 × 18 / 24.
    const cost = (3 * V4_DAY * 18) / 24;
    expect(res.json().cost).toBe(cost);
    expect(await balanceOf(t, c.id)).toBe(before - cost);
    expect(res.json().order).toMatchObject({
      quantity: 5,
      totalPrice: order.totalPrice + cost,
      expiresAt: order.expiresAt,
    });
    const added: Proxy[] = res.json().proxies;
    expect(added).toHaveLength(3);
    for (const p of added) {
      expect(p).toMatchObject({ expiresAt: order.expiresAt, protocol: 'socks5', autoRenew: true, country: 'VN' });
    }
    const all = await orderProxies(c.token, order.id);
    expect(all).toHaveLength(5);
    expect(all.map((p) => p.id).sort()).toEqual([...proxies, ...added].map((p) => p.id).sort());
    expect(new Set(all.map((p) => p.port)).size).toBe(5);
    expect(new Set(all.map((p) => p.egressIp)).size).toBe(5);
    expect(new Set(all.map((p) => p.expiresAt))).toEqual(new Set([order.expiresAt]));
    expect((await detail(c.token, order.id)).quantity).toBe(5);
    expect(await history(c.token, order.id)).toEqual([
      expect.objectContaining({ action: 'increase_amount', result: 'success', amount: -cost }),
      expect.objectContaining({ action: 'buy', result: 'success' }),
    ]);
    const tx = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json().items[0];
    expect(tx).toMatchObject({
      type: 'increase_amount',
      amount: -cost,
      contentI18n: { key: 'increaseAmount', params: { code: order.code, quantity: 3, country: 'VN', hours: 18 } },
    });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should count a started hour in full and take the discount tier of the new quantity', async () => {
    const c = await customer(t, 1_000_000);
    const { order } = await buy(c.token, { quantity: 8 });
    t.clock.advance(5 * HOUR + 30 * 60_000);
    await c.relogin();
    const res = await increase(c.token, order.id, 2);
    // 18.5 hours left count as 19; 10 proxies reach the 5% tier: 2 × 3,000 × 19 / 24 = 4,750, less 237.
    expect(res.json().cost).toBe(4_750 - 237);
  });

  it.each([
    ['v6', 30, { quantityStep: 50 }],
    ['v4', 199, { maxQuantity: 200 }],
  ] as const)('should refuse a %s amount of %d with the step and maximum', async (product, amount, data) => {
    const c = await customer(t, 1_000_000);
    const { order } = await buy(c.token, { quantity: product === 'v6' ? 50 : 2 }, product);
    const before = await snapshot(c.id);
    const res = await increase(c.token, order.id, amount);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'VALIDATION_ERROR', data });
    expect(await snapshot(c.id)).toEqual(before);
  });

  it('should refuse an amount below 1', async () => {
    const c = await customer(t, 100_000);
    const { order } = await buy(c.token);
    expect((await increase(c.token, order.id, 0)).json().message).toBe('VALIDATION_ERROR');
  });

  it('should refuse an expired order and a package', async () => {
    const c = await customer(t, 1_000_000);
    const { order } = await buy(c.token);
    t.clock.advance(24 * HOUR + 1000);
    await c.relogin();
    await runLifecycle(t.ctx);
    expect((await increase(c.token, order.id, 1)).json().message).toBe('ORDER_EXPIRED');
    const pkg = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' }))
      .json()
      .find((p: { name: string }) => p.name === 'Starter');
    const bought = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN' },
    });
    const res = await increase(c.token, bought.json().order.id, 1);
    expect(res.json().message).toBe('PROXY_NOT_VALID');
  });

  it('should charge and allocate nothing when the balance is short, and log the failure', async () => {
    const c = await customer(t, 2 * V4_DAY);
    const { order } = await buy(c.token);
    const before = await snapshot(c.id);
    const res = await increase(c.token, order.id, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('NOT_ENOUGH_MONEY');
    expect(await snapshot(c.id)).toEqual(before);
    expect(await detail(c.token, order.id)).toMatchObject({ quantity: 2, totalPrice: 2 * V4_DAY });
    expect(await history(c.token, order.id)).toEqual([
      expect.objectContaining({
        action: 'increase_amount',
        result: 'fail',
        amount: 0,
        note: '+1, 24 h: NOT_ENOUGH_MONEY',
      }),
      expect.objectContaining({ action: 'buy', result: 'success' }),
    ]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should let exactly 3 of 20 concurrent increases through when the balance covers 3', async () => {
    const c = await customer(t, 2 * V4_DAY);
    const { order } = await buy(c.token, { country: 'US' });
    // Nothing of the day has passed: each proxy costs a whole day.
    await fund(t, c.id, 3 * V4_DAY);
    const results = await Promise.all(Array.from({ length: 20 }, () => increase(c.token, order.id, 1)));
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().message));
    expect(codes.filter((x) => x === 'ok')).toHaveLength(3);
    expect(codes.filter((x) => x === 'NOT_ENOUGH_MONEY')).toHaveLength(17);
    expect(await balanceOf(t, c.id)).toBe(0);
    expect(await detail(c.token, order.id)).toMatchObject({ quantity: 5, totalPrice: 5 * V4_DAY });
    const proxies = await orderProxies(c.token, order.id);
    expect(proxies).toHaveLength(5);
    expect(new Set(proxies.map((p) => p.port)).size).toBe(5);
    const log = await history(c.token, order.id);
    expect(log.filter((l) => l.action === 'increase_amount' && l.result === 'success')).toHaveLength(3);
    expect(log.filter((l) => l.action === 'increase_amount' && l.result === 'fail')).toHaveLength(17);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('PUT /api/order/change-country/:id', () => {
  it('should move the proxies to the new country’s pool, keeping port and credentials, and charge the difference', async () => {
    await setDayPrice('SG', 4_200);
    try {
      const c = await customer(t, 100_000);
      const { order, proxies } = await buy(c.token);
      t.clock.advance(6 * HOUR);
      await c.relogin();
      const before = await balanceOf(t, c.id);
      const events = await countRows(t, 'proxy_events');
      const res = await change(c.token, order.id, 'sg');
      expect(res.statusCode).toBe(200);
      // (4,200 − 3,000) × 18 of 24 hours × 2 proxies.
      expect(res.json().cost).toBe(1_800);
      expect(res.json().order).toMatchObject({ country: 'SG', quantity: 2, totalPrice: 2 * V4_DAY + 1_800 });
      expect(await balanceOf(t, c.id)).toBe(before - 1_800);
      const after = await orderProxies(c.token, order.id);
      const pool = await queryRows<{ ip: string; proxy_id: string | null; country: string }>(
        t.ctx.db,
        sql`select ip, proxy_id, country from egress_ips where product = 'v4'`,
      );
      const byIp = new Map(pool.map((r) => [r.ip, r]));
      for (const old of proxies) {
        const now = after.find((p) => p.id === old.id)!;
        expect(now).toMatchObject({
          port: old.port,
          username: old.username,
          password: old.password,
          expiresAt: old.expiresAt,
          country: 'SG',
        });
        expect(byIp.get(now.egressIp)).toMatchObject({ country: 'SG', proxy_id: now.id });
        expect(byIp.get(old.egressIp)).toMatchObject({ country: 'VN', proxy_id: null });
      }
      // The gateway hears of each moved proxy.
      expect(await countRows(t, 'proxy_events')).toBeGreaterThanOrEqual(events + 2);
      expect((await history(c.token, order.id))[0]).toMatchObject({
        action: 'change_country',
        result: 'success',
        note: 'VN → SG',
        amount: -1_800,
      });
      const tx = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json().items[0];
      expect(tx).toMatchObject({
        type: 'change_country',
        amount: -1_800,
        contentI18n: { key: 'changeCountry', params: { from: 'VN', to: 'SG', count: 2, hours: 18 } },
      });
      expect(await ledgerMismatches(t)).toEqual([]);
    } finally {
      await setDayPrice('SG', V4_DAY);
    }
  });

  it('should move every live proxy and charge each for its own hours left, an expired one nothing', async () => {
    await setDayPrice('SG', 4_200);
    try {
      const c = await customer(t, 100_000);
      const { order, proxies } = await buy(c.token, { quantity: 3 });
      const [a, b, gone] = proxies as [Proxy, Proxy, Proxy];
      const renew = async (ids: string[]) => {
        const res = await t.inject({
          method: 'PUT',
          url: '/api/v4-proxy/renew-list-proxy',
          token: c.token,
          payload: { listProxyId: ids, period: { unit: 'day', value: 1 } },
        });
        expect(res.statusCode).toBe(200);
      };
      // a lasts 72 h, b 48 h, and the third only the first 24 h.
      await renew([a.id, b.id]);
      await renew([a.id]);
      t.clock.advance(30 * HOUR);
      await c.relogin();
      await runLifecycle(t.ctx);
      expect((await orderProxies(c.token, order.id)).find((p) => p.id === gone.id)).toMatchObject({
        status: 'expired',
      });
      const before = await balanceOf(t, c.id);
      const res = await change(c.token, order.id, 'SG');
      expect(res.statusCode).toBe(200);
      // (4,200 − 3,000) per day: a has 42 h left (2,100), b 18 h (900), the expired one nothing.
      expect(res.json().cost).toBe(3_000);
      expect(await balanceOf(t, c.id)).toBe(before - 3_000);
      const after = await orderProxies(c.token, order.id);
      expect(after.find((p) => p.id === a.id)).toMatchObject({ country: 'SG' });
      expect(after.find((p) => p.id === b.id)).toMatchObject({ country: 'SG' });
      // The expired one moves too, free, so the order keeps one country for its renewals.
      const moved = after.find((p) => p.id === gone.id)!;
      expect(moved).toMatchObject({ country: 'SG', status: 'expired' });
      expect(moved.egressIp).not.toBe(gone.egressIp);
      const held = await queryRows<{ proxy_id: string | null }>(
        t.ctx.db,
        sql`select proxy_id from egress_ips where product = 'v4' and ip = ${gone.egressIp}`,
      );
      expect(held[0]!.proxy_id).toBeNull();
      const tx = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json().items[0];
      expect(tx).toMatchObject({ type: 'change_country', amount: -3_000, contentI18n: { params: { count: 2 } } });
      expect(await ledgerMismatches(t)).toEqual([]);
    } finally {
      await setDayPrice('SG', V4_DAY);
    }
  });

  it('should move to a cheaper country for free, with no ledger row but a log entry', async () => {
    await setDayPrice('DE', 2_000);
    try {
      const c = await customer(t, 100_000);
      const { order } = await buy(c.token);
      const before = await snapshot(c.id);
      const res = await change(c.token, order.id, 'DE');
      expect(res.statusCode).toBe(200);
      expect(res.json().cost).toBe(0);
      const after = await snapshot(c.id);
      expect(after.balance).toBe(before.balance);
      expect(after.transactions).toBe(before.transactions);
      expect((await history(c.token, order.id))[0]).toMatchObject({
        action: 'change_country',
        result: 'success',
        amount: 0,
      });
      expect((await orderProxies(c.token, order.id)).every((p) => p.egressIp.startsWith('127.14.0.'))).toBe(true);
    } finally {
      await setDayPrice('DE', V4_DAY);
    }
  });

  it('should move IPv6 proxies to an address of the new country', async () => {
    const c = await customer(t, 100_000);
    const { order, proxies } = await buy(c.token, { quantity: 50 }, 'v6');
    const res = await change(c.token, order.id, 'JP');
    expect(res.statusCode).toBe(200);
    const jp = await queryRows<{ ip: string }>(
      t.ctx.db,
      sql`select ip from egress_ips where product = 'v6' and country = 'JP'`,
    );
    const after = await orderProxies(c.token, order.id, 'v6');
    expect(after).toHaveLength(50);
    for (const p of after) {
      const old = proxies.find((o) => o.id === p.id)!;
      expect(p).toMatchObject({ port: old.port, password: old.password, country: 'JP' });
      // Without IPV6_PREFIX the pool holds one-address prefixes (::1/128): the proxy gets the address.
      expect(jp.map((r) => r.ip.replace(/\/128$/, ''))).toContain(p.egressIp);
    }
  });

  it('should refuse the same country, an unknown one and a disabled one', async () => {
    const c = await customer(t, 100_000);
    const { order } = await buy(c.token);
    const before = await snapshot(c.id);
    expect((await change(c.token, order.id, 'VN')).json().message).toBe('VALIDATION_ERROR');
    expect((await change(c.token, order.id, 'XX')).json().message).toBe('INVALID_COUNTRY');
    const disabled = and(eq(catalogCountries.product, 'v4'), eq(catalogCountries.code, 'US'));
    await t.ctx.db.update(catalogCountries).set({ enabled: false }).where(disabled);
    try {
      expect((await change(c.token, order.id, 'US')).json().message).toBe('INVALID_COUNTRY');
    } finally {
      await t.ctx.db.update(catalogCountries).set({ enabled: true }).where(disabled);
    }
    expect(await snapshot(c.id)).toEqual(before);
    expect(await history(c.token, order.id)).toHaveLength(1);
  });
});

describe('change country beside renewals of the same proxies', () => {
  // On PostgreSQL both lock the order and its proxies; taken in opposite orders they deadlock and
  // one of them fails with a 500. PGlite runs one transaction at a time, so there it always passes.
  it('should let both through every time, in any interleaving', async () => {
    const c = await customer(t, 10_000_000);
    const { order, proxies } = await buy(c.token, { quantity: 3 });
    const ids = proxies.map((p) => p.id);
    const renew = (list: string[]) =>
      t.inject({
        method: 'PUT',
        url: '/api/v4-proxy/renew-list-proxy',
        token: c.token,
        payload: { listProxyId: list, period: { unit: 'day', value: 1 } },
      });
    const countries = ['US', 'VN'];
    for (let i = 0; i < 25; i++) {
      const results = await Promise.all([
        renew(ids),
        change(c.token, order.id, countries[i % 2]!),
        renew([...ids].reverse()),
        renew([ids[1]!]),
      ]);
      expect(results.map((r) => `${r.statusCode} ${r.statusCode === 200 ? '' : r.body}`)).toEqual(
        Array.from({ length: 4 }, () => '200 '),
      );
    }
    expect(await ledgerMismatches(t)).toEqual([]);
    // A hundred requests in 25 rounds: their volume, not a wait, sets the time, and a CI machine
    // running the browser specs beside the suite may take three times as long.
  }, 90_000);
});

describe('a pool that cannot supply', () => {
  it('should refuse both operations with NOT_ENOUGT_PROXY, change nothing and log the failures', async () => {
    const c = await customer(t, 10_000_000);
    // Japan's IPv4 pool has 200 addresses: 190 are taken, 10 are left.
    await buy(c.token, { country: 'JP', quantity: 180 });
    const { order: inJapan } = await buy(c.token, { country: 'JP', quantity: 10 });
    const { order: inVietnam } = await buy(c.token, { quantity: 11 });
    const before = await snapshot(c.id);
    const more = await increase(c.token, inJapan.id, 11);
    expect(more.json().message).toBe('NOT_ENOUGT_PROXY');
    const moved = await change(c.token, inVietnam.id, 'JP');
    expect(moved.json().message).toBe('NOT_ENOUGT_PROXY');
    expect(await snapshot(c.id)).toEqual(before);
    expect((await detail(c.token, inJapan.id)).quantity).toBe(10);
    expect((await detail(c.token, inVietnam.id)).country).toBe('VN');
    expect((await orderProxies(c.token, inVietnam.id)).every((p) => p.country === 'VN')).toBe(true);
    expect((await history(c.token, inJapan.id))[0]).toMatchObject({ action: 'increase_amount', result: 'fail' });
    expect((await history(c.token, inVietnam.id))[0]).toMatchObject({
      action: 'change_country',
      result: 'fail',
      note: 'VN → JP: NOT_ENOUGT_PROXY',
    });
    // The 10 that are left still go to whoever asks for 10.
    expect((await increase(c.token, inJapan.id, 10)).statusCode).toBe(200);
  });
});

describe('another user’s order', () => {
  it('should answer 404 ORDER_NOT_EXIST to both operations and change nothing', async () => {
    const owner = await customer(t, 100_000);
    const other = await customer(t, 100_000);
    const { order } = await buy(owner.token);
    const before = { owner: await snapshot(owner.id), other: await balanceOf(t, other.id) };
    for (const res of [await increase(other.token, order.id, 1), await change(other.token, order.id, 'US')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('ORDER_NOT_EXIST');
    }
    expect(await snapshot(owner.id)).toEqual(before.owner);
    expect(await balanceOf(t, other.id)).toBe(before.other);
    expect(await detail(owner.token, order.id)).toMatchObject({ quantity: 2, country: 'VN' });
    expect(await history(owner.token, order.id)).toHaveLength(1);
  });
});

describe('order.updated and OpenAPI', () => {
  it('should tell the owner after each operation commits, and describe both calls', async () => {
    const c = await customer(t, 100_000);
    const { order } = await buy(c.token);
    const heard: { u: string; t: string; d: { id: string; status: string } }[] = [];
    const stop = await t.database.listen(EVENTS_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
    const updates = () => heard.filter((m) => m.t === 'order.updated' && m.d.id === order.id);
    try {
      expect((await increase(c.token, order.id, 1)).statusCode).toBe(200);
      await waitFor(() => updates().length === 1);
      expect((await change(c.token, order.id, 'US')).statusCode).toBe(200);
      await waitFor(() => updates().length === 2);
      expect(updates()).toEqual([
        expect.objectContaining({ u: c.id, d: { id: order.id, status: 'using' } }),
        expect.objectContaining({ u: c.id, d: { id: order.id, status: 'using' } }),
      ]);
    } finally {
      await stop();
    }
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/order/increase-amount/{id}'].put.requestBody).toBeDefined();
    expect(doc.paths['/api/order/change-country/{id}'].put.requestBody).toBeDefined();
  });
});
