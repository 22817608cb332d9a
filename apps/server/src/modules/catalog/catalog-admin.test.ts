import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ORDER_QUANTITY } from '@proxy/contract';
import { build, countRows, createUser, customer, login, type TestApp } from '../../../test/helper.js';

const B = 'proxy-owner.localhost';
let t: TestApp;
let admin: string;
let adminB: string;
beforeAll(async () => {
  t = await build();
  admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
  adminB = (await login(t, await createUser(t, { role: 2, host: B }), B)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const day = { unit: 'day', price: 3000, renewPrice: 2500, quantityStep: 1 };
const week = { unit: 'week', price: 18000, renewPrice: 16000, quantityStep: 1 };

async function countries(product: string, token = admin, host = 'localhost') {
  const res = await t.inject({
    method: 'GET',
    url: `/api/country/${product}/list-country-admin`,
    token,
    headers: { host },
  });
  return res.json<{ code: string; enabled: boolean; stock: number }[]>();
}

async function retail(product: string, token = admin, host = 'localhost') {
  const res = await t.inject({ method: 'GET', url: `/api/${product}-retail/admin/get-all`, token, headers: { host } });
  return res.json<{ id: string; country: string; unit: string; price: number }[]>();
}

describe('catalogue admin: countries and their period prices', () => {
  for (const product of ['v6', 'v4', 'key'] as const) {
    it(`should add a ${product} country with its prices and remove it again`, async () => {
      const add = await t.inject({
        method: 'POST',
        url: `/api/country/${product}/admin/create`,
        token: admin,
        payload: { code: 'fr', name: 'France', prices: [day, week] },
      });
      expect(add.statusCode).toBe(200);
      expect(add.json().map((c: { code: string }) => c.code)).toContain('FR');
      expect((await retail(product)).filter((r) => r.country === 'FR').map((r) => [r.unit, r.price])).toEqual([
        ['day', 3000],
        ['week', 18000],
      ]);
      const again = await t.inject({
        method: 'POST',
        url: `/api/country/${product}/admin/create`,
        token: admin,
        payload: { code: 'FR', name: 'France', prices: [] },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('COUNTRY_EXISTS');
      // Another site does not see it and cannot remove it.
      expect((await countries(product, adminB, B)).map((c) => c.code)).not.toContain('FR');
      const otherSite = await t.inject({
        method: 'DELETE',
        url: `/api/country/${product}/admin/delete/FR`,
        token: adminB,
        headers: { host: B },
      });
      expect(otherSite.json().message).toBe('INVALID_COUNTRY');
      expect((await countries(product)).map((c) => c.code)).toContain('FR');

      const del = await t.inject({ method: 'DELETE', url: `/api/country/${product}/admin/delete/FR`, token: admin });
      expect(del.statusCode).toBe(200);
      expect(del.json().map((c: { code: string }) => c.code)).not.toContain('FR');
      expect((await retail(product)).filter((r) => r.country === 'FR')).toEqual([]);
    });
  }

  it('should refuse bad prices, periods and duplicate units, and change nothing', async () => {
    const before = await countRows(t, 'retail_prices');
    const bad = [
      { code: 'ES', name: 'Spain', prices: [{ ...day, price: -1 }] },
      { code: 'ES', name: 'Spain', prices: [{ ...day, price: 10.5 }] },
      { code: 'ES', name: 'Spain', prices: [{ ...day, unit: 'year' }] },
      { code: 'ES', name: 'Spain', prices: [day, day] },
      { code: 'ESP', name: 'Spain', prices: [] },
      { code: 'ES', name: '', prices: [] },
    ];
    for (const payload of bad) {
      const res = await t.inject({ method: 'POST', url: '/api/country/v4/admin/create', token: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
    }
    expect(await countRows(t, 'retail_prices')).toBe(before);
    expect((await countries('v4')).map((c) => c.code)).not.toContain('ES');
  });

  it('should add and remove one period price, refusing a duplicate unit and another site’s row', async () => {
    await t.inject({
      method: 'POST',
      url: '/api/country/v4/admin/create',
      token: admin,
      payload: { code: 'PL', name: 'Poland', prices: [day] },
    });
    const add = await t.inject({
      method: 'POST',
      url: '/api/v4-retail/admin/create-retail',
      token: admin,
      payload: { country: 'PL', unit: 'hour', price: 500, renewPrice: 500 },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ country: 'PL', unit: 'hour', price: 500 });
    const dup = await t.inject({
      method: 'POST',
      url: '/api/v4-retail/admin/create-retail',
      token: admin,
      payload: { country: 'PL', unit: 'hour', price: 700, renewPrice: 700 },
    });
    expect(dup.json().message).toBe('PRICE_EXISTS');
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/v4-retail/admin/create-retail',
      token: admin,
      payload: { country: 'ZZ', unit: 'hour', price: 700, renewPrice: 700 },
    });
    expect(unknown.json().message).toBe('INVALID_COUNTRY');
    const foreign = await t.inject({
      method: 'DELETE',
      url: `/api/v4-retail/admin/delete-retail/${add.json().id}`,
      token: adminB,
      headers: { host: B },
    });
    expect(foreign.json().message).toBe('NOT_FOUND');
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/v4-retail/admin/delete-retail/${add.json().id}`,
      token: admin,
    });
    expect(del.json()).toEqual({ ok: true });
    expect((await retail('v4')).find((r) => r.id === add.json().id)).toBeUndefined();
  });

  it('should refuse removing a country or a price that live proxies still use', async () => {
    const c = await customer(t, 10_000_000);
    const buy = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
    });
    expect(buy.statusCode).toBe(200);
    const del = await t.inject({ method: 'DELETE', url: '/api/country/v4/admin/delete/VN', token: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ message: 'COUNTRY_IN_USE', data: { count: 50 } });
    const dayRow = (await retail('v4')).find((r) => r.country === 'VN' && r.unit === 'day')!;
    const price = await t.inject({
      method: 'DELETE',
      url: `/api/v4-retail/admin/delete-retail/${dayRow.id}`,
      token: admin,
    });
    expect(price.json().message).toBe('PRICE_IN_USE');
    expect((await countries('v4')).map((x) => x.code)).toContain('VN');
    expect((await retail('v4')).find((r) => r.id === dayRow.id)).toBeDefined();
  });

  it('should answer 403 to a customer and 401 to another site’s admin', async () => {
    const c = await customer(t, 0);
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/country/v6/admin/create',
        payload: { code: 'IT', name: 'Italy', prices: [] },
      },
      { method: 'DELETE' as const, url: '/api/country/v6/admin/delete/VN' },
      {
        method: 'POST' as const,
        url: '/api/v6-retail/admin/create-retail',
        payload: { country: 'VN', unit: 'hour', price: 1, renewPrice: 1 },
      },
      {
        method: 'POST' as const,
        url: '/api/v6-package/admin/create-package',
        payload: { name: 'X', price: 1, days: 1, proxies: 1 },
      },
    ];
    for (const call of calls) {
      expect((await t.inject({ ...call, token: c.token })).statusCode).toBe(403);
      // Site B's admin token is not valid on site A.
      expect((await t.inject({ ...call, token: adminB })).statusCode).toBe(401);
    }
    expect((await countries('v6')).map((x) => x.code)).not.toContain('IT');
  });
});

describe('catalogue admin: packages', () => {
  it('should create a package on sale, and delete it outright while nobody bought it', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v4-package/admin/create-package',
      token: admin,
      payload: { name: 'Team 10', price: 90000, days: 30, proxies: 10, bandwidthGb: null },
    });
    expect(res.statusCode).toBe(200);
    const pkg = res.json();
    expect(pkg).toMatchObject({ name: 'Team 10', price: 90000, active: true, isTrial: false, product: 'v4' });
    const onSale = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' })).json();
    expect(onSale.map((p: { id: string }) => p.id)).toContain(pkg.id);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/v4-package/admin/create-package',
      token: admin,
      payload: { name: 'Bad', price: -5, days: 30, proxies: 10 },
    });
    expect(bad.json().message).toBe('VALIDATION_ERROR');
    const foreign = await t.inject({
      method: 'DELETE',
      url: `/api/v4-package/admin/delete-package/${pkg.id}`,
      token: adminB,
      headers: { host: B },
    });
    expect(foreign.json().message).toBe('PLAN_NOT_EXISTS');
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/v4-package/admin/delete-package/${pkg.id}`,
      token: admin,
    });
    expect(del.json()).toEqual({ deleted: true, package: null });
    const all = (await t.inject({ method: 'GET', url: '/api/v4-package/admin/get-all-package', token: admin })).json();
    expect(all.map((p: { id: string }) => p.id)).not.toContain(pkg.id);
  });

  it('should keep an English name beside the name, set, changed and cleared by the admin', async () => {
    const keys = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json();
    // The demo's key packages are named in Vietnamese with their English names beside them.
    expect(keys.map((p: { name: string; nameEng: string | null }) => [p.name, p.nameEng])).toEqual([
      ['Key 1 ngày', 'Key 1 day'],
      ['Key 30 ngày', 'Key 30 days'],
    ]);
    const created = await t.inject({
      method: 'POST',
      url: '/api/v4-package/admin/create-package',
      token: admin,
      payload: { name: 'Gói nhóm', nameEng: 'Team pack', price: 1000, days: 30, proxies: 2, bandwidthGb: null },
    });
    expect(created.json()).toMatchObject({ name: 'Gói nhóm', nameEng: 'Team pack' });
    const id = created.json().id;
    const update = (body: object) =>
      t.inject({ method: 'PUT', url: `/api/v4-package/admin/update-package/${id}`, token: admin, payload: body });
    expect((await update({ nameEng: '  Group pack ' })).json()).toMatchObject({
      name: 'Gói nhóm',
      nameEng: 'Group pack',
    });
    expect((await update({ nameEng: '' })).json()).toMatchObject({ nameEng: null });
    expect((await update({ nameEng: 'x'.repeat(101) })).json().message).toBe('VALIDATION_ERROR');
    const plain = await t.inject({
      method: 'POST',
      url: '/api/v4-package/admin/create-package',
      token: admin,
      payload: { name: 'Solo', price: 1000, days: 30, proxies: 1 },
    });
    expect(plain.json()).toMatchObject({ name: 'Solo', nameEng: null });
  });

  it('should retire a bought package: off sale, the buyer’s proxies still work and renew', async () => {
    const pkg = (
      await t.inject({
        method: 'POST',
        url: '/api/v4-package/admin/create-package',
        token: admin,
        payload: { name: 'Solo', price: 20000, days: 7, proxies: 1 },
      })
    ).json();
    const c = await customer(t, 1_000_000);
    const buy = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN' },
    });
    expect(buy.statusCode).toBe(200);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/v4-package/admin/delete-package/${pkg.id}`,
      token: admin,
    });
    expect(del.json()).toMatchObject({ deleted: false, package: { id: pkg.id, active: false } });
    const onSale = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' })).json();
    expect(onSale.map((p: { id: string }) => p.id)).not.toContain(pkg.id);
    const other = await customer(t, 1_000_000);
    const late = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${pkg.id}`,
      token: other.token,
      payload: { country: 'VN' },
    });
    expect(late.json().message).toBe('PLAN_NOT_EXISTS');
    const mine = await t.inject({ method: 'GET', url: '/api/bought-proxy/list-proxy-me', token: c.token });
    expect(mine.json().items.map((p: { status: string }) => p.status)).toEqual(['using']);
    // The package order still renews at its price once expired.
    t.clock.advance(8 * 24 * 3600 * 1000);
    const { runLifecycle } = await import('../../jobs/lifecycle.js');
    await runLifecycle(t.ctx);
    await c.relogin();
    const renew = await t.inject({
      method: 'PUT',
      url: `/api/order/renew/${buy.json().order.id}`,
      token: c.token,
      payload: {},
    });
    expect(renew.statusCode).toBe(200);
    const order = (
      await t.inject({ method: 'GET', url: `/api/order/detail/${buy.json().order.id}`, token: c.token })
    ).json();
    expect(order.status).toBe('using');
  });
});

describe('catalogue admin: discount tiers', () => {
  it('should refuse repeated minimums and a minimum beyond any order with 400, and change nothing', async () => {
    // A fresh session: an earlier test moved the clock past the first one's expiry.
    const token = (await login(t, await createUser(t, { role: 2 }))).accessToken;
    const list = async () =>
      (await t.inject({ method: 'GET', url: '/api/discount/get-all?product=v6' })).json<unknown[]>();
    const update = (tiers: { minQuantity: number; percent: number }[]) =>
      t.inject({ method: 'PUT', url: '/api/discount/admin/update', token, payload: { product: 'v6', tiers } });
    const before = await list();
    expect(before.length).toBeGreaterThan(0);

    const refusals: [{ minQuantity: number; percent: number }[], string][] = [
      // The table holds one row per minimum: a repeat hit its unique index (a 500).
      [
        [
          { minQuantity: 100, percent: 5 },
          { minQuantity: 200, percent: 8 },
          { minQuantity: 100, percent: 10 },
        ],
        'body.tiers.2.minQuantity',
      ],
      // Beyond the 4-byte column (a 500), and beyond the largest order (a tier that never applies).
      [[{ minQuantity: 2_147_483_648, percent: 5 }], 'body.tiers.0.minQuantity'],
      [[{ minQuantity: MAX_ORDER_QUANTITY + 1, percent: 5 }], 'body.tiers.0.minQuantity'],
    ];
    for (const [tiers, path] of refusals) {
      const res = await update(tiers);
      expect(res.statusCode, JSON.stringify(tiers)).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
      expect(res.json().data.issues.map((i: { path: string }) => i.path)).toContain(path);
      expect(await list()).toEqual(before);
    }

    // The largest order's quantity is still a valid minimum.
    const top = await update([{ minQuantity: MAX_ORDER_QUANTITY, percent: 20 }]);
    expect(top.statusCode).toBe(200);
    expect(top.json()).toEqual([{ minQuantity: MAX_ORDER_QUANTITY, percent: 20 }]);
    expect((await update(before as { minQuantity: number; percent: number }[])).statusCode).toBe(200);
    expect(await list()).toEqual(before);
  });
});
