import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { balanceOf, build, countRows, customer, ledgerMismatches, type TestApp } from '../../../test/helper.js';

/** An admin may set a price of 0: charging nothing must succeed and write no ledger row. */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;

async function ledgerRowsOf(userId: string): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(
    t.ctx.db,
    sql`select count(*) as n from transactions where user_id = ${userId}`,
  );
  return Number(rows[0]!.n);
}

async function buyRetail(token: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'VN', quantity: 2, period: { unit: 'day', value: 1 } },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ order: { id: string }; proxies: { id: string; expiresAt: string }[] }>();
}

describe('a zero charge', () => {
  it('should renew proxies for free with no ledger row', async () => {
    const c = await customer(t, 1_000_000);
    const { proxies } = await buyRetail(c.token);
    await t.ctx.db.execute(sql`update retail_prices set price = 0, renew_price = 0 where product = 'v4'`);
    const [before, rowsBefore] = [await balanceOf(t, c.id), await ledgerRowsOf(c.id)];
    const res = await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/renew-list-proxy',
      token: c.token,
      payload: { listProxyId: proxies.map((p) => p.id), period: { unit: 'day', value: 2 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cost: 0 });
    expect(await balanceOf(t, c.id)).toBe(before);
    expect(await ledgerRowsOf(c.id)).toBe(rowsBefore);
    const list = (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token: c.token })).json().items;
    const renewed = list.find((p: { id: string }) => p.id === proxies[0]!.id);
    expect(new Date(renewed.expiresAt).getTime() - new Date(proxies[0]!.expiresAt).getTime()).toBe(2 * DAY);
  });

  it('should renew keys for free with no ledger row', async () => {
    const c = await customer(t, 1_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const bought = await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'SG', quantity: 2 },
    });
    expect(bought.statusCode).toBe(200);
    const keys = bought.json().keys as { id: string; expiresAt: string }[];
    await t.ctx.db.execute(sql`update retail_prices set price = 0, renew_price = 0 where product = 'key'`);
    const [before, rowsBefore] = [await balanceOf(t, c.id), await ledgerRowsOf(c.id)];
    const res = await t.inject({
      method: 'PUT',
      url: '/api/key/renew-list-key',
      token: c.token,
      payload: { listKeyId: keys.map((k) => k.id), period: { unit: 'day', value: 2 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cost: 0 });
    expect(await balanceOf(t, c.id)).toBe(before);
    expect(await ledgerRowsOf(c.id)).toBe(rowsBefore);
    const after = (await t.inject({ method: 'GET', url: '/api/key/list-key-me', token: c.token })).json().items;
    const k = after.find((x: { id: string }) => x.id === keys[0]!.id);
    expect(new Date(k.expiresAt).getTime() - new Date(keys[0]!.expiresAt).getTime()).toBe(2 * DAY);
  });

  it('should add bandwidth for free with no ledger row', async () => {
    const c = await customer(t, 10_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' }))
      .json()
      .find((p: { name: string }) => p.name === 'Starter');
    const bought = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN' },
    });
    expect(bought.statusCode).toBe(200);
    const order = bought.json().order as { id: string };
    await t.ctx.db.execute(sql`update bandwidth_prices set price_per_gb = 0`);
    const [before, rowsBefore] = [await balanceOf(t, c.id), await ledgerRowsOf(c.id)];
    const res = await t.inject({
      method: 'PUT',
      url: `/api/order/increase-bandwidth/${order.id}`,
      token: c.token,
      payload: { bandwidth: 10 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bandwidthGb: 60, cost: 0 });
    expect(await balanceOf(t, c.id)).toBe(before);
    expect(await ledgerRowsOf(c.id)).toBe(rowsBefore);
    expect(await countRows(t, `order_logs where order_id = '${order.id}' and action = 'increase_bandwidth'`)).toBe(1);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
