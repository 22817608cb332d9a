import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, customer, login, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
});
afterAll(async () => {
  await t.close();
});

describe('admin order and key lists', () => {
  it('should list the site’s orders with the buyer’s email, by product, and not another site’s', async () => {
    const c = await customer(t, 1_000_000);
    const other = await customer(t, 1_000_000, 'proxy-owner.localhost');
    await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'VN', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: other.token,
      headers: { host: 'proxy-owner.localhost' },
      payload: { country: 'VN', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    const res = await t.inject({
      method: 'GET',
      url: '/api/order/admin/list-order?product=v4&limit=500',
      token: admin,
    });
    const emails = res.json().items.map((o: { email: string }) => o.email);
    expect(emails).toContain(c.email);
    expect(emails).not.toContain(other.email);
    const keys = await t.inject({ method: 'GET', url: '/api/key/admin/list-key-all', token: admin });
    expect(keys.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/key/admin/list-key-all', token: c.token })).statusCode).toBe(
      403,
    );
  });

  it('should find an order by its buyer’s e-mail in the admin list only, with a matching total', async () => {
    const c = await customer(t, 1_000_000);
    const bought = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'VN', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    expect(bought.statusCode).toBe(200);
    const res = await t.inject({
      method: 'GET',
      url: `/api/order/admin/list-order?search=${encodeURIComponent(c.email)}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
    expect(res.json().items.map((o: { code: string; email: string }) => [o.code, o.email])).toEqual([
      [bought.json().order.code, c.email],
    ]);
    const key = await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${(await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0].id}`,
      token: c.token,
      payload: { country: 'VN' },
    });
    expect(key.statusCode).toBe(200);
    const keys = await t.inject({
      method: 'GET',
      url: `/api/key/admin/list-key-all?search=${encodeURIComponent(c.email)}`,
      token: admin,
    });
    expect(keys.json().total).toBe(1);
    expect(keys.json().items[0]).toMatchObject({ email: c.email, key: key.json().keys[0].key });
    // A customer's own list is not searched by e-mail (every row would match).
    const own = await t.inject({
      method: 'GET',
      url: `/api/order/list-order?search=${encodeURIComponent(c.email)}`,
      token: c.token,
    });
    expect(own.json().total).toBe(0);
  });
});

describe('catalogue admin', () => {
  it('should disable a country: it leaves the list and cannot be bought', async () => {
    const off = await t.inject({
      method: 'PUT',
      url: '/api/country/v6/admin/update',
      token: admin,
      payload: { code: 'JP', enabled: false },
    });
    expect(off.json().find((c: { code: string }) => c.code === 'JP')).toMatchObject({
      enabled: false,
      available: false,
    });
    const list = (await t.inject({ method: 'GET', url: '/api/country/v6/list-country' })).json();
    expect(list.map((c: { code: string }) => c.code)).not.toContain('JP');
    const c = await customer(t, 1_000_000);
    const buy = await t.inject({
      method: 'POST',
      url: '/api/v6-proxy/buy-retail',
      token: c.token,
      payload: { country: 'JP', quantity: 50, period: { unit: 'day', value: 1 } },
    });
    expect(buy.json().message).toBe('INVALID_COUNTRY');
    await t.inject({
      method: 'PUT',
      url: '/api/country/v6/admin/update',
      token: admin,
      payload: { code: 'JP', enabled: true },
    });
    const customerCall = await t.inject({
      method: 'PUT',
      url: '/api/country/v6/admin/update',
      token: c.token,
      payload: { code: 'JP', enabled: false },
    });
    expect(customerCall.statusCode).toBe(403);
  });

  it('should change a retail price that the next purchase pays', async () => {
    const rows = (await t.inject({ method: 'GET', url: '/api/v4-retail/admin/get-all', token: admin })).json();
    const row = rows.find((r: { country: string; unit: string }) => r.country === 'SG' && r.unit === 'day');
    const res = await t.inject({
      method: 'PUT',
      url: `/api/v4-retail/admin/update-retail/${row.id}`,
      token: admin,
      payload: { price: 4_000 },
    });
    expect(res.json().price).toBe(4_000);
    const c = await customer(t, 1_000_000);
    const buy = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 2 } },
    });
    expect(buy.json().order.totalPrice).toBe(8_000);
  });
});

describe('trial package', () => {
  it('should sell the trial once: ALREADY_USE_TRIAL the second time', async () => {
    const c = await customer(t, 1_000_000);
    const trial = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' }))
      .json()
      .find((p: { isTrial: boolean }) => p.isTrial);
    const first = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${trial.id}`,
      token: c.token,
      payload: { country: 'VN' },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${trial.id}`,
      token: c.token,
      payload: { country: 'VN' },
    });
    expect(again.json().message).toBe('ALREADY_USE_TRIAL');
  });
});

describe('selections', () => {
  it('should export only the selected proxies, and list the keys of one order', async () => {
    const c = await customer(t, 1_000_000);
    const bought = (
      await t.inject({
        method: 'POST',
        url: '/api/v4-proxy/buy-retail',
        token: c.token,
        payload: { country: 'DE', quantity: 3, period: { unit: 'day', value: 1 } },
      })
    ).json();
    const ids = bought.proxies.slice(0, 2).map((p: { id: string }) => p.id);
    const txt = await t.inject({ method: 'GET', url: `/api/v4-proxy/export-all?ids=${ids.join(',')}`, token: c.token });
    expect(txt.body.trim().split('\n')).toHaveLength(2);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const a = (
      await t.inject({
        method: 'POST',
        url: `/api/key/buy-key-package/${pkg.id}`,
        token: c.token,
        payload: { country: 'VN', quantity: 2 },
      })
    ).json();
    await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN', quantity: 1 },
    });
    const keys = (
      await t.inject({ method: 'GET', url: `/api/key/list-key-me?orderId=${a.order.id}`, token: c.token })
    ).json();
    expect(keys.total).toBe(2);
  });
});
