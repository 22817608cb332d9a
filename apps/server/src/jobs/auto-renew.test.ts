import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, customer, ledgerMismatches, type TestApp } from '../../test/helper.js';
import { runAutoRenew } from './auto-renew.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;
const V4_SG_DAY = 3_000; // demo retail (= renewal) price of one IPv4 proxy in SG for a day
type Customer = Awaited<ReturnType<typeof customer>>;
interface Item {
  id: string;
  expiresAt: string;
  autoRenew: boolean;
}

async function buyV4(c: Customer, quantity: number, autoRenew: boolean, period = { unit: 'day', value: 1 }) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token: c.token,
    payload: { country: 'SG', quantity, period, autoRenew },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ order: { id: string }; proxies: Item[] }>();
}

async function buyStarter(c: Customer) {
  const list = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' })).json();
  const pkg = list.find((p: { name: string }) => p.name === 'Starter');
  const res = await t.inject({
    method: 'POST',
    url: `/api/v4-proxy/buy-package/${pkg.id}`,
    token: c.token,
    payload: { country: 'US' },
  });
  expect(res.statusCode).toBe(200);
  return { ...res.json<{ order: { id: string }; proxies: Item[] }>(), price: pkg.price as number, days: pkg.days };
}

async function setProxyAutoRenew(c: Customer, ids: string[], autoRenew: boolean, path = 'v4-proxy/update-list-proxy') {
  const res = await t.inject({
    method: 'PUT',
    url: `/api/${path}`,
    token: c.token,
    payload: { listProxyId: ids, autoRenew },
  });
  expect(res.statusCode).toBe(200);
}

async function proxies(c: Customer): Promise<Map<string, Item>> {
  const items = (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me?limit=500', token: c.token })).json()
    .items as Item[];
  return new Map(items.map((p) => [p.id, p]));
}

async function orderOf(c: Customer, id: string) {
  const items = (await t.inject({ method: 'GET', url: '/api/order/list-order?limit=100', token: c.token })).json()
    .items as { id: string; autoRenew: boolean }[];
  return items.find((o) => o.id === id)!;
}

/** Moves both the clock and the caller's token to half an hour before `expiresAt`. */
async function toJustBefore(c: Customer, expiresAt: string) {
  t.clock.advance(new Date(expiresAt).getTime() - 30 * 60_000 - t.clock.nowMs());
  await c.relogin();
}

const extendedBy = (before: Item, after: Item | undefined) =>
  new Date(after!.expiresAt).getTime() - new Date(before.expiresAt).getTime();

describe('auto-renew follows the flag of each proxy and key', () => {
  it('should renew and charge only the one proxy turned on inside an order with auto-renew off', async () => {
    const c = await customer(t, 100_000);
    const { order, proxies: bought } = await buyV4(c, 3, false);
    const [on, off1, off2] = bought as [Item, Item, Item];
    await setProxyAutoRenew(c, [on.id], true);
    expect((await orderOf(c, order.id)).autoRenew).toBe(false);
    const before = await balanceOf(t, c.id);
    await toJustBefore(c, on.expiresAt);
    await runAutoRenew(t.ctx);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(before - V4_SG_DAY);
    const after = await proxies(c);
    expect(extendedBy(on, after.get(on.id))).toBe(DAY);
    expect(extendedBy(off1, after.get(off1.id))).toBe(0);
    expect(extendedBy(off2, after.get(off2.id))).toBe(0);
    const tx = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json().items[0];
    expect(tx).toMatchObject({ type: 'auto_renew', amount: -V4_SG_DAY });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should not charge for a proxy turned off inside an order with auto-renew on', async () => {
    const c = await customer(t, 100_000);
    const { order, proxies: bought } = await buyV4(c, 2, true);
    const [keep, off] = bought as [Item, Item];
    await setProxyAutoRenew(c, [off.id], false);
    // The order's switch shows that not all of its proxies renew any more.
    expect((await orderOf(c, order.id)).autoRenew).toBe(false);
    const before = await balanceOf(t, c.id);
    await toJustBefore(c, keep.expiresAt);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(before - V4_SG_DAY);
    const after = await proxies(c);
    expect(extendedBy(keep, after.get(keep.id))).toBe(DAY);
    expect(extendedBy(off, after.get(off.id))).toBe(0);

    // Every proxy off: nothing is charged at all.
    await setProxyAutoRenew(c, [keep.id], false);
    await toJustBefore(c, after.get(keep.id)!.expiresAt);
    const still = await balanceOf(t, c.id);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(still);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should let the order switch set the flags of all its proxies', async () => {
    const c = await customer(t, 100_000);
    const { order, proxies: bought } = await buyV4(c, 2, false);
    const res = await t.inject({
      method: 'PUT',
      url: `/api/order/auto-renew/${order.id}`,
      token: c.token,
      payload: { autoRenew: true },
    });
    expect(res.statusCode).toBe(200);
    expect([...(await proxies(c)).values()].every((p) => p.autoRenew)).toBe(true);
    const before = await balanceOf(t, c.id);
    await toJustBefore(c, bought[0]!.expiresAt);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(before - 2 * V4_SG_DAY);
  });

  it('should renew a key whose own flag is on, and not the other key of its order', async () => {
    const c = await customer(t, 100_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' }))
      .json()
      .find((p: { days: number }) => p.days === 1);
    const bought = await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'JP', quantity: 2 },
    });
    expect(bought.statusCode).toBe(200);
    const [on, off] = bought.json().keys as [Item, Item];
    const turnOn = await t.inject({
      method: 'PUT',
      url: '/api/key/turn-on-auto-renew-key',
      token: c.token,
      payload: { listKeyId: [on.id] },
    });
    expect(turnOn.statusCode).toBe(200);
    const before = await balanceOf(t, c.id);
    await toJustBefore(c, on.expiresAt);
    await runAutoRenew(t.ctx);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(before - pkg.price);
    const keys = new Map(
      ((await t.inject({ method: 'GET', url: '/api/key/list-key-me', token: c.token })).json().items as Item[]).map(
        (k) => [k.id, k],
      ),
    );
    expect(extendedBy(on, keys.get(on.id))).toBe(pkg.days * DAY);
    expect(extendedBy(off, keys.get(off.id))).toBe(0);
    const tx = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json().items[0];
    expect(tx).toMatchObject({ type: 'auto_renew_key', amount: -pkg.price });
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('PUT /api/user/auto-renew (all private proxies)', () => {
  const setAccount = async (c: Customer, autoRenew: boolean) => {
    const res = await t.inject({ method: 'PUT', url: '/api/user/auto-renew', token: c.token, payload: { autoRenew } });
    expect(res.statusCode).toBe(200);
  };

  it('should renew a private package bought while it is on, and stop when it is turned off', async () => {
    const c = await customer(t, 1_000_000);
    await setAccount(c, true);
    const { order, proxies: bought, price, days } = await buyStarter(c);
    expect(bought.every((p) => p.autoRenew)).toBe(true);
    expect((await orderOf(c, order.id)).autoRenew).toBe(true);
    const before = await balanceOf(t, c.id);
    await toJustBefore(c, bought[0]!.expiresAt);
    await runAutoRenew(t.ctx);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(before - price);
    const renewed = await proxies(c);
    expect(bought.every((p) => extendedBy(p, renewed.get(p.id)) === days * DAY)).toBe(true);

    await setAccount(c, false);
    expect([...(await proxies(c)).values()].some((p) => p.autoRenew)).toBe(false);
    await toJustBefore(c, renewed.get(bought[0]!.id)!.expiresAt);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(before - price);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should turn on the proxies of a private package bought before, and not retail ones', async () => {
    const c = await customer(t, 1_000_000);
    const { proxies: pkgProxies, price } = await buyStarter(c);
    const { proxies: retail } = await buyV4(c, 1, false);
    await setAccount(c, true);
    const flags = await proxies(c);
    expect(pkgProxies.every((p) => flags.get(p.id)!.autoRenew)).toBe(true);
    expect(flags.get(retail[0]!.id)!.autoRenew).toBe(false);
    // Past the retail proxy's expiry: only the package (at its price) is due, later.
    const before = await balanceOf(t, c.id);
    await toJustBefore(c, retail[0]!.expiresAt);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(before);
    await toJustBefore(c, pkgProxies[0]!.expiresAt);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(before - price);
  });

  it('should switch a whole package when one of its proxies is switched, so it is never half renewed', async () => {
    const c = await customer(t, 1_000_000);
    await setAccount(c, true);
    const { proxies: bought } = await buyStarter(c);
    await setProxyAutoRenew(c, [bought[0]!.id], false, 'bought-proxy/update-list-proxy');
    expect([...(await proxies(c)).values()].some((p) => p.autoRenew)).toBe(false);
    const before = await balanceOf(t, c.id);
    await toJustBefore(c, bought[0]!.expiresAt);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(before);
  });
});

describe('auto-renew of short periods', () => {
  const HOUR = 3600_000;
  const transactions = async (c: Customer) =>
    (await t.inject({ method: 'GET', url: '/api/log/list-transaction?limit=100', token: c.token })).json().items as {
      type: string;
      amount: number;
    }[];

  it('should renew a 1-hour proxy once, near its end, and not right after purchase', async () => {
    const c = await customer(t, 100_000);
    const [bought] = (await buyV4(c, 1, true, { unit: 'hour', value: 1 })).proxies as [Item];
    const afterPurchase = await balanceOf(t, c.id);
    const ledgerRows = (await transactions(c)).length;

    // Ten seconds after purchase: nothing is due yet.
    t.clock.advance(10_000);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(afterPurchase);
    expect(await transactions(c)).toHaveLength(ledgerRows);
    expect(extendedBy(bought, (await proxies(c)).get(bought.id))).toBe(0);

    // Five minutes before the end: exactly one renewal, one hour more.
    t.clock.advance(new Date(bought.expiresAt).getTime() - 5 * 60_000 - t.clock.nowMs());
    await c.relogin();
    await runAutoRenew(t.ctx);
    const renewedRows = await transactions(c);
    expect(renewedRows).toHaveLength(ledgerRows + 1);
    expect(renewedRows[0]).toMatchObject({ type: 'auto_renew' });
    expect(renewedRows[0]!.amount).toBeLessThan(0);
    expect(await balanceOf(t, c.id)).toBe(afterPurchase + renewedRows[0]!.amount);
    expect(extendedBy(bought, (await proxies(c)).get(bought.id))).toBe(HOUR);

    // Right after: the proxy is already one period ahead, so it is not renewed again.
    t.clock.advance(60_000);
    await runAutoRenew(t.ctx);
    await runAutoRenew(t.ctx);
    expect(await transactions(c)).toHaveLength(ledgerRows + 1);
    expect(await balanceOf(t, c.id)).toBe(afterPurchase + renewedRows[0]!.amount);
    expect(extendedBy(bought, (await proxies(c)).get(bought.id))).toBe(HOUR);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
