import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../test/helper.js';
import { monthStartOf } from './dashboard-summary.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const summary = async (token: string, host = 'localhost', tzOffset = 0) => {
  const res = await t.inject({
    method: 'GET',
    url: `/api/dashboard/summary?tzOffset=${tzOffset}`,
    token,
    headers: { host },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const buyRetail = (token: string, product: 'v6' | 'v4', body: object) =>
  t.inject({ method: 'POST', url: `/api/${product}-proxy/buy-retail`, token, payload: body });

describe('GET /api/dashboard/summary', () => {
  it('should count active items, list those expiring within 7 days with their renewal price, and sum this month', async () => {
    const c = await customer(t, 1_000_000);
    const v6 = await buyRetail(c.token, 'v6', { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } });
    expect(v6.statusCode).toBe(200);
    const v4 = await buyRetail(c.token, 'v4', { country: 'JP', quantity: 2, period: { unit: 'day', value: 30 } });
    expect(v4.statusCode).toBe(200);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const keys = await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN', quantity: 1 },
    });
    expect(keys.statusCode).toBe(200);
    const spent = v6.json().order.totalPrice + v4.json().order.totalPrice + keys.json().order.totalPrice;

    const s = await summary(c.token);
    expect(s.balance).toBe(1_000_000 - spent);
    expect(s.monthSpend).toBe(spent);
    expect(s.active).toEqual({ v6: 50, v4: 2, key: 1 });
    const g6 = s.expiring.find((g: { product: string }) => g.product === 'v6');
    expect(g6).toMatchObject({ count: 50, firstExpiresAt: v6.json().order.expiresAt });
    expect([...g6.ids].sort()).toEqual(
      v6
        .json()
        .proxies.map((p: { id: string }) => p.id)
        .sort(),
    );
    expect(g6.renewPrices.day).toBe(50 * 400);
    // The 30-day IPv4 proxies are not due yet.
    expect(s.expiring.find((g: { product: string }) => g.product === 'v4')).toBeUndefined();

    // The day price is what renew-list-proxy then charges.
    const renew = await t.inject({
      method: 'PUT',
      url: '/api/v6-proxy/renew-list-proxy',
      token: c.token,
      payload: { listProxyId: g6.ids, period: { unit: 'day', value: 1 } },
    });
    expect(renew.json()).toEqual({ cost: g6.renewPrices.day });
    expect((await summary(c.token)).monthSpend).toBe(spent + g6.renewPrices.day);
  });

  it('should show each user only their own figures, per site', async () => {
    const a = await customer(t, 1_000_000);
    await buyRetail(a.token, 'v6', { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } });
    const b = await customer(t, 5_000);
    const other = await customer(t, 7_000, 'proxy-owner.localhost');
    expect(await summary(b.token)).toMatchObject({
      balance: 5_000,
      monthSpend: 0,
      active: { v6: 0, v4: 0, key: 0 },
      expiring: [],
    });
    expect(await summary(other.token, 'proxy-owner.localhost')).toMatchObject({
      balance: 7_000,
      monthSpend: 0,
      active: { v6: 0, v4: 0, key: 0 },
      expiring: [],
    });
    // A's token on another site's host is not A's session there.
    const cross = await t.inject({
      method: 'GET',
      url: '/api/dashboard/summary',
      token: a.token,
      headers: { host: 'proxy-owner.localhost' },
    });
    expect(cross.statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/dashboard/summary' })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/api/dashboard/summary?tzOffset=5000', token: a.token })).statusCode,
    ).toBe(400);
  });

  it('should count last month out of this month’s spend', async () => {
    const c = await customer(t, 1_000_000);
    await buyRetail(c.token, 'v6', { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } });
    expect((await summary(c.token)).monthSpend).toBe(20_000);
    t.clock.advance(32 * 24 * 3600_000);
    await c.relogin();
    expect((await summary(c.token)).monthSpend).toBe(0);
  });
});

describe('monthStartOf', () => {
  it('should start the month in the viewer’s time zone', () => {
    const now = new Date('2026-11-30T20:00:00Z');
    expect(monthStartOf(now, 0).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    // In Vietnam (UTC+7, offset -420) it is already 1 December, 03:00.
    expect(monthStartOf(now, -420).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(monthStartOf(new Date('2026-01-01T02:00:00Z'), 300).toISOString()).toBe('2025-12-01T05:00:00.000Z');
  });
});
