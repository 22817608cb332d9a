import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites } from '../../db/schema/index.js';
import { balanceOf, build, countRows, customer, ledgerMismatches, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

type Flag = 'isOpenV6' | 'isOpenV4' | 'isOpenKey';

async function setFlag(flag: Flag, open: boolean) {
  const site = await t.app.sites.resolve('localhost');
  await t.ctx.db
    .update(sites)
    .set({ [flag]: open })
    .where(eq(sites.id, site.id));
  t.app.sites.invalidate();
}

async function packageId(family: 'v4-package' | 'v6-package' | 'key-package') {
  const list = (await t.inject({ method: 'GET', url: `/api/${family}/get-all-package` })).json();
  return (list.find((p: { isTrial: boolean }) => !p.isTrial) ?? list[0]).id as string;
}

const purchases: { name: string; flag: Flag; buy: (token: string) => Promise<{ url: string; payload: object }> }[] = [
  {
    name: 'v6 retail',
    flag: 'isOpenV6',
    buy: async () => ({
      url: '/api/v6-proxy/buy-retail',
      payload: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
    }),
  },
  {
    name: 'v4 retail',
    flag: 'isOpenV4',
    buy: async () => ({
      url: '/api/v4-proxy/buy-retail',
      payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 } },
    }),
  },
  {
    name: 'v6 package',
    flag: 'isOpenV6',
    buy: async () => ({
      url: `/api/v6-proxy/buy-package/${await packageId('v6-package')}`,
      payload: { country: 'VN' },
    }),
  },
  {
    name: 'v4 package',
    flag: 'isOpenV4',
    buy: async () => ({
      url: `/api/v4-proxy/buy-package/${await packageId('v4-package')}`,
      payload: { country: 'US' },
    }),
  },
  {
    name: 'keys',
    flag: 'isOpenKey',
    buy: async () => ({
      url: `/api/key/buy-key-package/${await packageId('key-package')}`,
      payload: { country: 'JP', quantity: 1 },
    }),
  },
];

describe('site product flags', () => {
  it.each(purchases)('should refuse $name with FORBIDDEN while the site has it closed, charging nothing', async (p) => {
    const c = await customer(t, 10_000_000);
    const { url, payload } = await p.buy(c.token);
    await setFlag(p.flag, false);
    try {
      const orders = await countRows(t, 'orders');
      const proxyCount = await countRows(t, 'proxies');
      const refused = await t.inject({ method: 'POST', url, token: c.token, payload });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('FORBIDDEN');
      expect(await balanceOf(t, c.id)).toBe(10_000_000);
      expect(await countRows(t, 'orders')).toBe(orders);
      expect(await countRows(t, 'proxies')).toBe(proxyCount);
    } finally {
      await setFlag(p.flag, true);
    }
    const bought = await t.inject({ method: 'POST', url, token: c.token, payload });
    expect(bought.statusCode).toBe(200);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('site product flags on an existing order', () => {
  it('should refuse adding proxies or changing country while the product is closed', async () => {
    const c = await customer(t, 10_000_000);
    const order = (
      await t.inject({
        method: 'POST',
        url: '/api/v4-proxy/buy-retail',
        token: c.token,
        payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 } },
      })
    ).json().order as { id: string };
    const calls = [
      { url: `/api/order/increase-amount/${order.id}`, payload: { amount: 1 } },
      { url: `/api/order/change-country/${order.id}`, payload: { country: 'US' } },
    ];
    await setFlag('isOpenV4', false);
    try {
      const balance = await balanceOf(t, c.id);
      const proxyCount = await countRows(t, 'proxies');
      for (const call of calls) {
        const res = await t.inject({ method: 'PUT', token: c.token, ...call });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json().message).toBe('FORBIDDEN');
      }
      expect(await balanceOf(t, c.id)).toBe(balance);
      expect(await countRows(t, 'proxies')).toBe(proxyCount);
    } finally {
      await setFlag('isOpenV4', true);
    }
    for (const call of calls) {
      expect((await t.inject({ method: 'PUT', token: c.token, ...call })).statusCode, call.url).toBe(200);
    }
  });
});
