import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProxy } from '@proxy/contract';
import { eq } from 'drizzle-orm';
import { orders, sites } from '../../db/schema/index.js';
import { balanceOf, build, countRows, customer, ledgerMismatches, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const V6_DAY = 400; // demo price per IPv6 proxy per day
const buyV6 = (token: string, body: object, key?: string) =>
  t.inject({
    method: 'POST',
    url: '/api/v6-proxy/buy-retail',
    token,
    headers: key ? { 'idempotency-key': key } : {},
    payload: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 }, ...body },
  });

describe('POST /api/v6-proxy/buy-retail', () => {
  it('should charge the quoted price, create the order, its log and working proxy lines', async () => {
    const c = await customer(t, 100_000);
    const res = await buyV6(c.token, {});
    expect(res.statusCode).toBe(200);
    const { order, proxies } = res.json();
    expect(order).toMatchObject({ type: 'v6', country: 'VN', quantity: 50, status: 'using', totalPrice: 50 * V6_DAY });
    expect(proxies).toHaveLength(50);
    expect(new Set(proxies.map((p: { port: number }) => p.port)).size).toBe(50);
    for (const p of proxies) {
      expect(p.password.length).toBeGreaterThanOrEqual(10);
      expect(p.password.length).toBeLessThanOrEqual(20);
      expect(p).toMatchObject({ host: '127.0.0.1', status: 'using', egressIp: '::1' });
    }
    const day = new Date(order.expiresAt).getTime() - new Date(order.paidAt).getTime();
    expect(day).toBe(24 * 3600_000);
    expect(await balanceOf(t, c.id)).toBe(100_000 - 50 * V6_DAY);
    const log = await t.inject({ method: 'GET', url: `/api/order/bill-order?orderId=${order.id}`, token: c.token });
    expect(log.json()).toEqual([expect.objectContaining({ action: 'buy', result: 'success', amount: -50 * V6_DAY })]);
    const tx = await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token });
    expect(tx.json().items[0]).toMatchObject({ type: 'buy_proxy_v6', amount: -20_000, price: 20_000 });
  });

  it('should apply the quantity discount tier', async () => {
    const c = await customer(t, 1_000_000);
    const res = await buyV6(c.token, { quantity: 500 });
    expect(res.json().order.totalPrice).toBe(500 * V6_DAY * 0.95);
  });

  it.each([
    [{ quantity: 0 }, 'VALIDATION_ERROR'],
    [{ quantity: 49 }, 'VALIDATION_ERROR'],
    [{ quantity: 5050 }, 'VALIDATION_ERROR'],
    [{ period: { unit: 'day', value: 0 } }, 'VALIDATION_ERROR'],
    [{ period: { unit: 'year', value: 1 } }, 'VALIDATION_ERROR'],
    [{ country: 'XX' }, 'INVALID_COUNTRY'],
    [{ country: 'Vietnam' }, 'VALIDATION_ERROR'],
  ])('should refuse %j with %s and change nothing', async (body, code) => {
    const c = await customer(t, 1_000_000);
    const orders = await countRows(t, 'orders');
    const res = await buyV6(c.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(code);
    expect(await countRows(t, 'orders')).toBe(orders);
    expect(await balanceOf(t, c.id)).toBe(1_000_000);
  });

  it('should refuse a short balance with NOT_ENOUGH_MONEY and allocate nothing', async () => {
    const c = await customer(t, 50 * V6_DAY - 1);
    const proxies = await countRows(t, 'proxies');
    const res = await buyV6(c.token, {});
    expect(res.json().message).toBe('NOT_ENOUGH_MONEY');
    expect(await countRows(t, 'proxies')).toBe(proxies);
    expect(await balanceOf(t, c.id)).toBe(50 * V6_DAY - 1);
  });

  it('should let exactly 10 of 100 concurrent purchases through when the balance covers 10', async () => {
    const c = await customer(t, 10 * 50 * V6_DAY);
    const results = await Promise.all(Array.from({ length: 100 }, () => buyV6(c.token, {})));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().message === 'NOT_ENOUGH_MONEY')).toBe(
      true,
    );
    expect(await balanceOf(t, c.id)).toBe(0);
    const orders = await t.inject({ method: 'GET', url: '/api/order/list-order?limit=500', token: c.token });
    expect(orders.json().total).toBe(10);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should charge once and create one order for 20 requests with the same Idempotency-Key', async () => {
    const c = await customer(t, 1_000_000);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => buyV6(c.token, {}, key)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const ids = new Set(results.map((r) => r.json().order.id));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.json().proxies.length === 50)).toBe(true);
    expect(await balanceOf(t, c.id)).toBe(1_000_000 - 50 * V6_DAY);
    expect((await t.inject({ method: 'GET', url: '/api/order/list-order', token: c.token })).json().total).toBe(1);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should answer a retried purchase with its order after the order was amended or the product closed', async () => {
    const c = await customer(t, 1_000_000);
    const key = randomUUID();
    const first = await buyV6(c.token, {}, key);
    expect(first.statusCode).toBe(200);
    const orderId = first.json().order.id as string;
    const more = await t.inject({
      method: 'PUT',
      url: `/api/order/increase-amount/${orderId}`,
      token: c.token,
      payload: { amount: 50 },
    });
    expect(more.statusCode).toBe(200);
    const site = await t.app.sites.resolve('localhost');
    await t.ctx.db.update(sites).set({ isOpenV6: false }).where(eq(sites.id, site.id));
    t.app.sites.invalidate();
    try {
      const balance = await balanceOf(t, c.id);
      const retry = await buyV6(c.token, {}, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().order.id).toBe(orderId);
      expect(await balanceOf(t, c.id)).toBe(balance);
      // Another request under the same key is still told apart.
      expect((await buyV6(c.token, { quantity: 100 }, key)).json().message).toBe('IDEMPOTENCY_KEY_REUSED');
    } finally {
      await t.ctx.db.update(sites).set({ isOpenV6: true }).where(eq(sites.id, site.id));
      t.app.sites.invalidate();
    }
  });

  it('should compare an order keyed before fingerprints were stored with its own columns', async () => {
    const c = await customer(t, 1_000_000);
    const key = randomUUID();
    const first = await buyV6(c.token, {}, key);
    expect(first.statusCode).toBe(200);
    await t.ctx.db.update(orders).set({ idempotencyRequest: null }).where(eq(orders.id, first.json().order.id));
    expect((await buyV6(c.token, {}, key)).json().order.id).toBe(first.json().order.id);
    expect((await buyV6(c.token, { quantity: 100 }, key)).json().message).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('should refuse an Idempotency-Key reused for a different purchase, and charge nothing for it', async () => {
    const c = await customer(t, 1_000_000);
    const key = randomUUID();
    expect((await buyV6(c.token, {}, key)).statusCode).toBe(200);
    const balance = await balanceOf(t, c.id);
    for (const body of [{ quantity: 100 }, { country: 'US' }, { period: { unit: 'day', value: 2 } }]) {
      const res = await buyV6(c.token, body, key);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    const v4 = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      headers: { 'idempotency-key': key },
      payload: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
    });
    expect(v4.json().message).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(t, c.id)).toBe(balance);
    // Keys belong to their user: another user's same key is a purchase of its own.
    const other = await customer(t, 1_000_000);
    expect((await buyV6(other.token, {}, key)).statusCode).toBe(200);
  });
});

describe('packages', () => {
  async function packageId(product: 'v4' | 'v6', name: string) {
    const list = (await t.inject({ method: 'GET', url: `/api/${product}-package/get-all-package` })).json();
    return list.find((p: { name: string }) => p.name === name).id as string;
  }

  it('should sell one package per user, even to 20 concurrent calls', async () => {
    const c = await customer(t, 10_000_000);
    const id = await packageId('v4', 'Starter');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.inject({
          method: 'POST',
          url: `/api/v4-proxy/buy-package/${id}`,
          token: c.token,
          payload: { country: 'US' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().message === 'ALREADY_CREATE_PLAN')).toBe(
      true,
    );
    expect(await balanceOf(t, c.id)).toBe(10_000_000 - 120_000);
    const other = await packageId('v6', 'IPv6 Basic');
    const second = await t.inject({
      method: 'POST',
      url: `/api/v6-proxy/buy-package/${other}`,
      token: c.token,
      payload: { country: 'VN' },
    });
    expect(second.json().message).toBe('ALREADY_CREATE_PLAN');
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should answer a repeated package or trial purchase with its first order, not ALREADY_CREATE_PLAN', async () => {
    const c = await customer(t, 1_000_000);
    const buy = (id: string, key: string) =>
      t.inject({
        method: 'POST',
        url: `/api/v4-proxy/buy-package/${id}`,
        token: c.token,
        headers: { 'idempotency-key': key },
        payload: { country: 'US' },
      });
    const key = randomUUID();
    const trial = await packageId('v4', 'Trial');
    const results = await Promise.all(Array.from({ length: 5 }, () => buy(trial, key)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect((await buy(trial, key)).json().order.id).toBe(results[0]!.json().order.id);
    expect(await balanceOf(t, c.id)).toBe(1_000_000 - 7_200);
    // The same key for another package is another request.
    expect((await buy(await packageId('v4', 'Starter'), key)).json().message).toBe('IDEMPOTENCY_KEY_REUSED');
    // A new key for a second trial is refused as before.
    expect((await buy(trial, randomUUID())).json().message).toBe('ALREADY_USE_TRIAL');
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should give the package proxies its bandwidth quota', async () => {
    const c = await customer(t, 1_000_000);
    const res = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${await packageId('v4', 'Starter')}`,
      token: c.token,
      payload: { country: 'SG' },
    });
    expect(res.json().proxies).toHaveLength(5);
    expect(res.json().proxies[0]).toMatchObject({ bandwidthLimitGb: 50, packageName: 'Starter' });
    expect(res.json().order).toMatchObject({ type: 'package', bandwidthGb: 50, totalPrice: 120_000 });
  });

  it('should refuse an unknown package', async () => {
    const c = await customer(t, 1_000_000);
    const res = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${randomUUID()}`,
      token: c.token,
      payload: { country: 'US' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('PLAN_NOT_EXISTS');
  });
  it('should charge once for a package bought again with the same Idempotency-Key, also concurrently', async () => {
    const c = await customer(t, 10_000_000);
    const id = await packageId('v4', 'Starter');
    const key = randomUUID();
    const buy = () =>
      t.inject({
        method: 'POST',
        url: `/api/v4-proxy/buy-package/${id}`,
        token: c.token,
        headers: { 'idempotency-key': key },
        payload: { country: 'US' },
      });
    const results = [...(await Promise.all(Array.from({ length: 10 }, buy))), await buy()];
    // A repeat is the first purchase's answer, not ALREADY_CREATE_PLAN.
    expect(results.map((r) => r.statusCode)).toEqual(Array(11).fill(200));
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    const ports = results[0]!.json().proxies.map((p: { port: number }) => p.port);
    expect(
      results.every(
        (r) => JSON.stringify(r.json().proxies.map((p: { port: number }) => p.port)) === JSON.stringify(ports),
      ),
    ).toBe(true);
    expect(await balanceOf(t, c.id)).toBe(10_000_000 - 120_000);
    expect((await t.inject({ method: 'GET', url: '/api/order/list-order', token: c.token })).json().total).toBe(1);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('rotating keys', () => {
  it('should charge once for keys bought again with the same Idempotency-Key, also concurrently', async () => {
    const c = await customer(t, 1_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const key = randomUUID();
    const buy = () =>
      t.inject({
        method: 'POST',
        url: `/api/key/buy-key-package/${pkg.id}`,
        token: c.token,
        headers: { 'idempotency-key': key },
        payload: { country: 'VN', quantity: 2 },
      });
    const results = [...(await Promise.all(Array.from({ length: 10 }, buy))), await buy()];
    expect(results.map((r) => r.statusCode)).toEqual(Array(11).fill(200));
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    const keys = results[0]!
      .json()
      .keys.map((k: { key: string }) => k.key)
      .sort();
    expect(keys).toHaveLength(2);
    for (const r of results) {
      expect(
        r
          .json()
          .keys.map((k: { key: string }) => k.key)
          .sort(),
      ).toEqual(keys);
    }
    expect(await balanceOf(t, c.id)).toBe(1_000_000 - 2 * pkg.price);
    const listed = await t.inject({ method: 'GET', url: '/api/key/list-key-me', token: c.token });
    expect(listed.json().total).toBe(2);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should create keys with a working proxy line', async () => {
    const c = await customer(t, 1_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const res = await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'JP', quantity: 3 },
    });
    expect(res.statusCode).toBe(200);
    const { keys, order } = res.json();
    expect(order).toMatchObject({ type: 'key', quantity: 3, totalPrice: pkg.price * 3 });
    expect(keys).toHaveLength(3);
    for (const k of keys) {
      expect(k.key).toMatch(/^rk_/);
      expect(k.current).toMatch(/^127\.0\.0\.1:\d+:\w+:\w+$/);
    }
    const list = await t.inject({ method: 'GET', url: '/api/key/list-key-me', token: c.token });
    expect(list.json().total).toBe(3);
    // Key listeners are not listed among the user's proxies.
    expect((await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token: c.token })).json().total).toBe(
      0,
    );
  });
});

describe('proxy lists and export', () => {
  it('should keep each sort order across pages', async () => {
    const c = await customer(t, 1_000_000);
    for (const days of [5, 2]) {
      const r = await t.inject({
        method: 'POST',
        url: '/api/v4-proxy/buy-retail',
        token: c.token,
        payload: { country: 'DE', quantity: 2, period: { unit: 'day', value: days } },
      });
      expect(r.statusCode).toBe(200);
    }
    type Item = { id: string; expiresAt: string; createdAt: string };
    const all = async (sort: string) => {
      const items: Item[] = [];
      for (const page of [1, 2]) {
        const r = await t.inject({
          method: 'GET',
          url: `/api/v4-proxy/list-proxy-me?limit=3&page=${page}&sort=${sort}`,
          token: c.token,
        });
        expect(r.json()).toMatchObject({ total: 4, totalPage: 2 });
        items.push(...(r.json().items as Item[]));
      }
      return items;
    };
    const key = (a: Item, b: Item, field: 'expiresAt' | 'createdAt') =>
      a[field].localeCompare(b[field]) || a.id.localeCompare(b.id);
    const asc = await all('expires_asc');
    expect(asc.map((p) => p.id)).toEqual([...asc].sort((a, b) => key(a, b, 'expiresAt')).map((p) => p.id));
    expect(asc[0]!.expiresAt < asc[3]!.expiresAt).toBe(true);
    const descExp = await all('expires_desc');
    expect(descExp.map((p) => p.id)).toEqual([...asc].reverse().map((p) => p.id));
    const created = await all('created_desc');
    expect(created.map((p) => p.id)).toEqual([...created].sort((a, b) => key(b, a, 'createdAt')).map((p) => p.id));
    expect((await all('created_asc')).map((p) => p.id)).toEqual([...created].reverse().map((p) => p.id));
  });

  it('should page, filter and export the caller’s proxies', async () => {
    const c = await customer(t, 1_000_000);
    await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'DE', quantity: 3, period: { unit: 'day', value: 2 } },
    });
    const page = await t.inject({
      method: 'GET',
      url: '/api/v4-proxy/list-proxy-me?limit=2&country=DE&sort=expires_asc',
      token: c.token,
    });
    expect(page.json()).toMatchObject({ total: 3, totalPage: 2, limit: 2 });
    // The list is written by PostgreSQL: every item must be exactly the contract's Proxy.
    for (const item of page.json().items) {
      expect(ZProxy.strict().parse(item)).toEqual(item);
    }
    const page2 = await t.inject({
      method: 'GET',
      url: '/api/v4-proxy/list-proxy-me?limit=2&page=2&country=DE&sort=expires_asc',
      token: c.token,
    });
    expect(page2.json().items).toHaveLength(1);
    const ids = [...page.json().items, ...page2.json().items].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(3);
    const past = await t.inject({
      method: 'GET',
      url: '/api/v4-proxy/list-proxy-me?limit=2&page=5&country=DE',
      token: c.token,
    });
    expect(past.json()).toMatchObject({ items: [], total: 3, page: 5 });
    expect(page.json().items[0].egressIp).toMatch(/^127\.14\.0\.\d+$/);
    const txt = await t.inject({ method: 'GET', url: '/api/v4-proxy/export-all', token: c.token });
    expect(txt.headers['content-type']).toContain('text/plain');
    expect(txt.body.trim().split('\n')).toHaveLength(3);
    expect(txt.body).toMatch(/^127\.0\.0\.1:\d+:\w+:\w+$/m);
    const tpl = await t.inject({
      method: 'GET',
      url: `/api/v4-proxy/export-all?template=${encodeURIComponent('{protocol}://{username}:{password}@{host}:{port}')}`,
      token: c.token,
    });
    expect(tpl.body).toMatch(/^http:\/\/\w+:\w+@127\.0\.0\.1:\d+$/m);
    const csv = await t.inject({ method: 'GET', url: '/api/v4-proxy/export-all?format=csv', token: c.token });
    expect(csv.body.split('\n')[0]).toBe('host,port,username,password,protocol,country,expiresAt');
    const bad = await t.inject({ method: 'GET', url: '/api/v4-proxy/export-all?format=xml', token: c.token });
    expect(bad.json().message).toBe('VALIDATION_ERROR');
  });
});

describe('another user', () => {
  it('should get 404 on reading, renewing, updating and the history of orders, proxies and keys', async () => {
    const owner = await customer(t, 2_000_000);
    const intruder = await customer(t, 2_000_000);
    const bought = (await buyV6(owner.token, {})).json();
    const proxyId = bought.proxies[0].id;
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const keyId = (
      await t.inject({
        method: 'POST',
        url: `/api/key/buy-key-package/${pkg.id}`,
        token: owner.token,
        payload: { country: 'VN', quantity: 1 },
      })
    ).json().keys[0].id;
    const orderId = bought.order.id;
    const period = { unit: 'day', value: 1 };
    const calls = [
      { method: 'GET', url: `/api/order/detail/${orderId}`, code: 'ORDER_NOT_EXIST' },
      { method: 'GET', url: `/api/order/bill-order?orderId=${orderId}`, code: 'ORDER_NOT_EXIST' },
      { method: 'PUT', url: `/api/order/renew/${orderId}`, payload: {}, code: 'ORDER_NOT_EXIST' },
      {
        method: 'PUT',
        url: '/api/order/renew-list-order',
        payload: { listOrderId: [orderId] },
        code: 'ORDER_NOT_EXIST',
      },
      { method: 'PUT', url: `/api/order/auto-renew/${orderId}`, payload: { autoRenew: true }, code: 'ORDER_NOT_EXIST' },
      {
        method: 'PUT',
        url: `/api/order/increase-bandwidth/${orderId}`,
        payload: { bandwidth: 1 },
        code: 'ORDER_NOT_EXIST',
      },
      {
        method: 'PUT',
        url: '/api/v6-proxy/renew-list-proxy',
        payload: { listProxyId: [proxyId], period },
        code: 'PROXY_NOT_EXISTS',
      },
      {
        method: 'PUT',
        url: '/api/v6-proxy/update-list-proxy',
        payload: { listProxyId: [proxyId], comment: 'mine' },
        code: 'PROXY_NOT_EXISTS',
      },
      {
        method: 'PUT',
        url: '/api/key/renew-list-key',
        payload: { listKeyId: [keyId], period },
        code: 'KEY_NOT_EXISTS',
      },
      {
        method: 'PUT',
        url: '/api/key/update-list-key',
        payload: { listKeyId: [keyId], comment: 'mine' },
        code: 'KEY_NOT_EXISTS',
      },
      {
        method: 'PUT',
        url: '/api/key/turn-on-auto-renew-key',
        payload: { listKeyId: [keyId] },
        code: 'KEY_NOT_EXISTS',
      },
      { method: 'DELETE', url: '/api/key/delete-list-key', payload: { listKeyId: [keyId] }, code: 'KEY_NOT_EXISTS' },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({
        method: call.method,
        url: call.url,
        token: intruder.token,
        payload: 'payload' in call ? call.payload : undefined,
      });
      expect(res.statusCode, call.url).toBe(404);
      expect(res.json().message, call.url).toBe(call.code);
    }
    // Mixed batches are refused whole: one foreign id spoils the batch and nothing changes.
    const own = (await buyV6(intruder.token, {})).json().proxies[0].id;
    const mixed = await t.inject({
      method: 'PUT',
      url: '/api/v6-proxy/update-list-proxy',
      token: intruder.token,
      payload: { listProxyId: [own, proxyId], comment: 'x' },
    });
    expect(mixed.statusCode).toBe(404);
    const mine = (
      await t.inject({ method: 'GET', url: '/api/v6-proxy/list-proxy-me?limit=500', token: intruder.token })
    ).json();
    expect(mine.items.every((p: { comment: string }) => p.comment === '')).toBe(true);
    // Lists show only one's own.
    expect(mine.items.map((p: { id: string }) => p.id)).not.toContain(proxyId);
    const keys = (await t.inject({ method: 'GET', url: '/api/key/list-key-me', token: intruder.token })).json();
    expect(keys.total).toBe(0);
    expect(await balanceOf(t, owner.id)).toBe(2_000_000 - 50 * V6_DAY - pkg.price);
  });
});
