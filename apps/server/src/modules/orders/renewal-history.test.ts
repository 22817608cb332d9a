import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const history = async (token: string, orderId: string) =>
  (await t.inject({ method: 'GET', url: `/api/order/bill-order?orderId=${orderId}`, token })).json();

describe('renewing some proxies or keys of an order', () => {
  it('should log each order’s share of the charge with a translatable note, and show the order’s expiry range', async () => {
    const c = await customer(t, 1_000_000);
    const buy = async (country: string) =>
      (
        await t.inject({
          method: 'POST',
          url: '/api/v6-proxy/buy-retail',
          token: c.token,
          payload: { country, quantity: 50, period: { unit: 'day', value: 1 } },
        })
      ).json();
    const a = await buy('VN');
    const b = await buy('VN');
    const ids = [a.proxies[0].id, a.proxies[1].id, b.proxies[0].id];
    const renew = await t.inject({
      method: 'PUT',
      url: '/api/v6-proxy/renew-list-proxy',
      token: c.token,
      payload: { listProxyId: ids, period: { unit: 'day', value: 1 } },
    });
    expect(renew.json()).toEqual({ cost: 3 * 400 });
    const logA = (await history(c.token, a.order.id))[0];
    expect(logA).toMatchObject({
      action: 'renew',
      amount: -800,
      noteI18n: { key: 'renewProxies', params: { count: 2, period: { unit: 'day', value: 1 } } },
    });
    expect((await history(c.token, b.order.id))[0]).toMatchObject({ action: 'renew', amount: -400 });

    const detail = (await t.inject({ method: 'GET', url: `/api/order/detail/${a.order.id}`, token: c.token })).json();
    const day = 24 * 3600_000;
    expect(detail.earliestExpiresAt).toBe(a.order.expiresAt);
    expect(new Date(detail.latestExpiresAt).getTime()).toBe(new Date(a.order.expiresAt).getTime() + day);
    const list = (await t.inject({ method: 'GET', url: '/api/order/list-order', token: c.token })).json();
    const row = list.items.find((o: { id: string }) => o.id === a.order.id);
    expect(row).toMatchObject({ earliestExpiresAt: detail.earliestExpiresAt, latestExpiresAt: detail.latestExpiresAt });
  });

  it('should say an order is mixed when only some of its proxies renew themselves', async () => {
    const c = await customer(t, 1_000_000);
    const bought = (
      await t.inject({
        method: 'POST',
        url: '/api/v6-proxy/buy-retail',
        token: c.token,
        payload: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
      })
    ).json();
    const detail = async () =>
      (await t.inject({ method: 'GET', url: `/api/order/detail/${bought.order.id}`, token: c.token })).json();
    expect(await detail()).toMatchObject({ autoRenew: false, autoRenewMixed: false });
    const update = await t.inject({
      method: 'PUT',
      url: '/api/v6-proxy/update-list-proxy',
      token: c.token,
      payload: { listProxyId: [bought.proxies[0].id], autoRenew: true },
    });
    expect(update.statusCode).toBe(200);
    expect(await detail()).toMatchObject({ autoRenewMixed: true });
    const list = (await t.inject({ method: 'GET', url: '/api/order/list-order', token: c.token })).json();
    expect(list.items.find((o: { id: string }) => o.id === bought.order.id)).toMatchObject({ autoRenewMixed: true });
    await t.inject({
      method: 'PUT',
      url: '/api/v6-proxy/update-list-proxy',
      token: c.token,
      payload: { listProxyId: bought.proxies.map((p: { id: string }) => p.id), autoRenew: true },
    });
    expect(await detail()).toMatchObject({ autoRenewMixed: false });
  });

  it('should log a key renewal on the key’s order with its amount', async () => {
    const c = await customer(t, 1_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const bought = (
      await t.inject({
        method: 'POST',
        url: `/api/key/buy-key-package/${pkg.id}`,
        token: c.token,
        payload: { country: 'VN', quantity: 2 },
      })
    ).json();
    const renew = await t.inject({
      method: 'PUT',
      url: '/api/key/renew-list-key',
      token: c.token,
      payload: { listKeyId: [bought.keys[0].id], period: { unit: 'day', value: 1 } },
    });
    expect(renew.statusCode).toBe(200);
    const cost = renew.json().cost as number;
    expect(cost).toBeGreaterThan(0);
    expect((await history(c.token, bought.order.id))[0]).toMatchObject({
      action: 'renew',
      amount: -cost,
      noteI18n: { key: 'renewKeys', params: { count: 1 } },
    });
  });
});
