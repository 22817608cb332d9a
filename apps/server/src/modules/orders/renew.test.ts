import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, customer, ledgerMismatches, type TestApp } from '../../../test/helper.js';
import { runLifecycle } from '../../jobs/lifecycle.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;
async function buy(token: string, product: 'v6' | 'v4', body: object = {}) {
  const res = await t.inject({
    method: 'POST',
    url: `/api/${product}-proxy/buy-retail`,
    token,
    payload: { country: 'VN', quantity: product === 'v6' ? 50 : 2, period: { unit: 'day', value: 1 }, ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('PUT /api/order/renew/:id', () => {
  it('should refuse an order that has not expired (docs/product-rules.md#order-states)', async () => {
    const c = await customer(t, 1_000_000);
    const { order } = await buy(c.token, 'v4');
    const res = await t.inject({ method: 'PUT', url: `/api/order/renew/${order.id}`, token: c.token, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('ORDER_NOT_EXPIRED');
  });

  it('should renew an expired order at the retail price under a month, keeping credentials and address', async () => {
    const c = await customer(t, 1_000_000);
    const { order, proxies } = await buy(c.token, 'v4');
    t.clock.advance(DAY + 1000);
    await c.relogin();
    await runLifecycle(t.ctx);
    const listed = (
      await t.inject({ method: 'GET', url: '/api/order/list-order?status=expired', token: c.token })
    ).json();
    expect(listed.items.map((o: { id: string }) => o.id)).toContain(order.id);
    const before = await balanceOf(t, c.id);
    const res = await t.inject({
      method: 'PUT',
      url: `/api/order/renew/${order.id}`,
      token: c.token,
      payload: { period: { unit: 'week', value: 1 } },
    });
    expect(res.statusCode).toBe(200);
    // A week is under a month: retail price (18,000 per proxy), not the renewal price.
    expect(await balanceOf(t, c.id)).toBe(before - 2 * 18_000);
    const after = (
      await t.inject({ method: 'GET', url: `/api/v4-proxy/list-proxy-me?orderId=${order.id}`, token: c.token })
    ).json().items;
    expect(after.map((p: { status: string }) => p.status)).toEqual(['using', 'using']);
    const byId = new Map(after.map((p: { id: string }) => [p.id, p]));
    for (const p of proxies) {
      expect(byId.get(p.id)).toMatchObject({ password: p.password, egressIp: p.egressIp, port: p.port });
    }
    const history = (
      await t.inject({ method: 'GET', url: `/api/order/bill-order?orderId=${order.id}`, token: c.token })
    ).json();
    expect(history.map((h: { action: string; result: string }) => `${h.action}:${h.result}`)).toEqual([
      'renew:success',
      'buy:success',
    ]);
    const month = await t.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, token: c.token });
    expect(month.json().status).toBe('using');
  });

  it('should charge the renewal price for a month or more', async () => {
    const c = await customer(t, 1_000_000);
    const { order } = await buy(c.token, 'v4');
    t.clock.advance(DAY + 1000);
    await c.relogin();
    await runLifecycle(t.ctx);
    const before = await balanceOf(t, c.id);
    await t.inject({
      method: 'PUT',
      url: '/api/order/renew-list-order',
      token: c.token,
      payload: { listOrderId: [order.id], period: { unit: 'month', value: 1 } },
    });
    expect(await balanceOf(t, c.id)).toBe(before - 2 * 54_000);
  });

  it('should refuse a renewal the balance cannot pay, and change nothing', async () => {
    const c = await customer(t, 6_000);
    const { order } = await buy(c.token, 'v4');
    t.clock.advance(DAY + 1000);
    await c.relogin();
    await runLifecycle(t.ctx);
    const res = await t.inject({ method: 'PUT', url: `/api/order/renew/${order.id}`, token: c.token, payload: {} });
    expect(res.json().message).toBe('NOT_ENOUGH_MONEY');
    expect(
      (await t.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, token: c.token })).json().status,
    ).toBe('expired');
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('PUT /api/v6-proxy/renew-list-proxy', () => {
  it('should extend chosen proxies from their current expiry', async () => {
    const c = await customer(t, 1_000_000);
    const { proxies } = await buy(c.token, 'v6');
    const ids = proxies.slice(0, 2).map((p: { id: string }) => p.id);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/v6-proxy/renew-list-proxy',
      token: c.token,
      payload: { listProxyId: ids, period: { unit: 'day', value: 2 } },
    });
    expect(res.json()).toEqual({ cost: 2 * 2 * 400 });
    const list = (
      await t.inject({ method: 'GET', url: '/api/v6-proxy/list-proxy-me?limit=100', token: c.token })
    ).json().items;
    const renewed = list.find((p: { id: string }) => p.id === ids[0]);
    expect(new Date(renewed.expiresAt).getTime() - new Date(proxies[0].expiresAt).getTime()).toBe(2 * DAY);
  });
});

describe('PUT /api/order/increase-bandwidth/:id', () => {
  it('should add bandwidth to a package up to the maximum', async () => {
    const c = await customer(t, 10_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' }))
      .json()
      .find((p: { name: string }) => p.name === 'Starter');
    const { order } = (
      await t.inject({
        method: 'POST',
        url: `/api/v4-proxy/buy-package/${pkg.id}`,
        token: c.token,
        payload: { country: 'VN' },
      })
    ).json();
    const before = await balanceOf(t, c.id);
    const res = await t.inject({
      method: 'PUT',
      url: `/api/order/increase-bandwidth/${order.id}`,
      token: c.token,
      payload: { bandwidth: 10 },
    });
    expect(res.json()).toEqual({ bandwidthGb: 60, cost: 50_000 });
    expect(await balanceOf(t, c.id)).toBe(before - 50_000);
    const proxies = (
      await t.inject({ method: 'GET', url: `/api/v4-proxy/list-proxy-me?orderId=${order.id}`, token: c.token })
    ).json().items;
    expect(proxies.every((p: { bandwidthLimitGb: number }) => p.bandwidthLimitGb === 60)).toBe(true);
    const max = await t.inject({
      method: 'PUT',
      url: `/api/order/increase-bandwidth/${order.id}`,
      token: c.token,
      payload: { bandwidth: 941 },
    });
    expect(max.json().message).toBe('BANDWIDTH_MAX');
    const retail = (await buy(c.token, 'v4')).order;
    const notPackage = await t.inject({
      method: 'PUT',
      url: `/api/order/increase-bandwidth/${retail.id}`,
      token: c.token,
      payload: { bandwidth: 1 },
    });
    expect(notPackage.statusCode).toBe(400);
  });
});

describe('PUT /api/key/renew-list-key', () => {
  it('should charge the key retail price per key and extend each key', async () => {
    const c = await customer(t, 1_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const keys = (
      await t.inject({
        method: 'POST',
        url: `/api/key/buy-key-package/${pkg.id}`,
        token: c.token,
        payload: { country: 'SG', quantity: 2 },
      })
    ).json().keys;
    const before = await balanceOf(t, c.id);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/key/renew-list-key',
      token: c.token,
      payload: { listKeyId: keys.map((k: { id: string }) => k.id), period: { unit: 'day', value: 2 } },
    });
    // Demo key retail: 15,000 coins a day; two days is under a month, so the retail price.
    expect(res.json()).toEqual({ cost: 2 * 2 * 15_000 });
    expect(await balanceOf(t, c.id)).toBe(before - 60_000);
    const after = (await t.inject({ method: 'GET', url: '/api/key/list-key-me', token: c.token })).json().items;
    for (const k of after) {
      const bought = keys.find((b: { id: string }) => b.id === k.id);
      expect(new Date(k.expiresAt).getTime() - new Date(bought.expiresAt).getTime()).toBe(2 * DAY);
    }
  });
});
