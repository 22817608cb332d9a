import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, createUser, customer, ledgerMismatches, login, type TestApp } from '../../../test/helper.js';
import { queryRows } from '../../db/client.js';
import { sql } from 'drizzle-orm';
import { statusOf } from '@proxy/contract';

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

async function buyV4(token: string, quantity = 50, country = 'VN') {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country, quantity, period: { unit: 'day', value: 1 } },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ order: { id: string; code: string; totalPrice: number; expiresAt: string } }>();
}

async function refundRows(userId: string) {
  return queryRows<{ amount: string }>(
    t.database.db,
    sql`select amount from transactions where user_id = ${userId} and type = 'refund'`,
  );
}

describe('admin order detail', () => {
  it('should show an order, its proxies (paged) and its history to its site’s admin only', async () => {
    const c = await customer(t, 10_000_000);
    const { order } = await buyV4(c.token, 50);
    const detail = await t.inject({ method: 'GET', url: `/api/order/admin/detail/${order.id}`, token: admin });
    expect(detail.json()).toMatchObject({ id: order.id, email: c.email, userId: c.id, quantity: 50 });
    const page2 = await t.inject({
      method: 'GET',
      url: `/api/order/admin/list-unit?orderId=${order.id}&page=2&limit=20`,
      token: admin,
    });
    expect(page2.json()).toMatchObject({ total: 50, page: 2, limit: 20, keys: [] });
    expect(page2.json().proxies).toHaveLength(20);
    const log = await t.inject({ method: 'GET', url: `/api/order/admin/bill-order?orderId=${order.id}`, token: admin });
    expect(log.json().map((l: { action: string }) => l.action)).toEqual(['buy']);

    for (const url of [
      `/api/order/admin/detail/${order.id}`,
      `/api/order/admin/list-unit?orderId=${order.id}`,
      `/api/order/admin/bill-order?orderId=${order.id}`,
    ]) {
      const other = await t.inject({ method: 'GET', url, token: adminB, headers: { host: B } });
      expect(other.statusCode, url).toBe(404);
      expect(other.json().message).toBe('ORDER_NOT_EXIST');
      expect((await t.inject({ method: 'GET', url, token: c.token })).statusCode, url).toBe(403);
    }
  });

  it('should page a customer’s proxies, keys, orders, top-ups and ledger for the customer page', async () => {
    const c = await customer(t, 10_000_000);
    const other = await customer(t, 10_000_000);
    await buyV4(c.token, 50);
    await buyV4(other.token, 50, 'US');
    const proxies = await t.inject({
      method: 'GET',
      url: `/api/order/admin/list-proxy?userId=${c.id}&limit=10`,
      token: admin,
    });
    expect(proxies.json()).toMatchObject({ total: 50 });
    expect(proxies.json().items).toHaveLength(10);
    const orders = await t.inject({ method: 'GET', url: `/api/order/admin/list-order?userId=${c.id}`, token: admin });
    expect(orders.json().items.map((o: { email: string }) => o.email)).toEqual([c.email]);
    const ledger = await t.inject({
      method: 'GET',
      url: `/api/log/admin/list-transaction?userId=${c.id}`,
      token: admin,
    });
    expect(ledger.json().total).toBe(2); // the funding and the purchase
    const topups = await t.inject({ method: 'GET', url: `/api/bill/admin/list-topup?userId=${c.id}`, token: admin });
    expect(topups.statusCode).toBe(200);
    expect(topups.json().total).toBe(0);
    const keys = await t.inject({ method: 'GET', url: `/api/key/admin/list-key-all?userId=${c.id}`, token: admin });
    expect(keys.json().total).toBe(0);
    const user = await t.inject({ method: 'GET', url: `/api/user/admin/detail/${c.id}`, token: admin });
    expect(user.json()).toMatchObject({ id: c.id, email: c.email });
    // Site B's admin sees nothing of this customer.
    const foreign = await t.inject({
      method: 'GET',
      url: `/api/order/admin/list-proxy?userId=${c.id}`,
      token: adminB,
      headers: { host: B },
    });
    expect(foreign.json().total).toBe(0);
    const foreignUser = await t.inject({
      method: 'GET',
      url: `/api/user/admin/detail/${c.id}`,
      token: adminB,
      headers: { host: B },
    });
    expect(foreignUser.json().message).toBe('USER_NOT_EXISTS');
    const foreignLedger = await t.inject({
      method: 'GET',
      url: `/api/log/admin/list-transaction?userId=${c.id}`,
      token: adminB,
      headers: { host: B },
    });
    expect(foreignLedger.json().total).toBe(0);
    expect(
      (await t.inject({ method: 'GET', url: `/api/order/admin/list-proxy?userId=${c.id}`, token: c.token })).statusCode,
    ).toBe(403);
  });
});

describe('admin extend', () => {
  it('should extend the live proxies by a period for free, with a log line and no ledger row', async () => {
    const c = await customer(t, 10_000_000);
    const { order } = await buyV4(c.token, 50, 'US');
    const balance = await balanceOf(t, c.id);
    const res = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/extend/${order.id}`,
      token: admin,
      payload: { period: { unit: 'week', value: 1 } },
    });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().expiresAt).getTime() - new Date(order.expiresAt).getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(await balanceOf(t, c.id)).toBe(balance);
    const log = (
      await t.inject({ method: 'GET', url: `/api/order/bill-order?orderId=${order.id}`, token: c.token })
    ).json();
    expect(log[0]).toMatchObject({
      action: 'admin_extend',
      amount: 0,
      noteI18n: { key: 'adminExtend', params: { count: 50 } },
    });
    const bad = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/extend/${order.id}`,
      token: admin,
      payload: { period: { unit: 'year', value: 1 } },
    });
    expect(bad.json().message).toBe('VALIDATION_ERROR');
    const foreign = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/extend/${order.id}`,
      token: adminB,
      headers: { host: B },
      payload: { period: { unit: 'day', value: 1 } },
    });
    expect(foreign.json().message).toBe('ORDER_NOT_EXIST');
    const byCustomer = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/extend/${order.id}`,
      token: c.token,
      payload: { period: { unit: 'day', value: 1 } },
    });
    expect(byCustomer.statusCode).toBe(403);
  });
});

describe('admin cancel', () => {
  it('should cancel with one refund row, release the ports and addresses, and refund once', async () => {
    const c = await customer(t, 10_000_000);
    const { order } = await buyV4(c.token, 50, 'SG');
    const stockBefore = (await t.inject({ method: 'GET', url: '/api/country/v4/list-country' })).json();
    const sgBefore = stockBefore.find((x: { code: string }) => x.code === 'SG').stock;
    const balance = await balanceOf(t, c.id);
    const tooMuch = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/cancel/${order.id}`,
      token: admin,
      payload: { amount: order.totalPrice + 1 },
    });
    expect(tooMuch.json().message).toBe('VALIDATION_ERROR');
    const foreign = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/cancel/${order.id}`,
      token: adminB,
      headers: { host: B },
      payload: { amount: 1 },
    });
    expect(foreign.json().message).toBe('ORDER_NOT_EXIST');
    const byCustomer = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/cancel/${order.id}`,
      token: c.token,
      payload: { amount: 1 },
    });
    expect(byCustomer.statusCode).toBe(403);

    const refund = order.totalPrice - 1000;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.inject({
          method: 'PUT',
          url: `/api/order/admin/cancel/${order.id}`,
          token: admin,
          payload: { amount: refund },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const refunded = answers.map((a) => a.json().refunded as number);
    expect(refunded.filter((x) => x > 0)).toEqual([refund]);
    expect(await balanceOf(t, c.id)).toBe(balance + refund);
    expect(await refundRows(c.id)).toHaveLength(1);
    expect(await ledgerMismatches(t)).toEqual([]);

    const detail = (await t.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, token: c.token })).json();
    expect(detail.status).toBe('cancelled');
    const proxies = (
      await t.inject({ method: 'GET', url: `/api/order/admin/list-unit?orderId=${order.id}&limit=100`, token: admin })
    ).json().proxies;
    expect(new Set(proxies.map((p: { status: string }) => p.status))).toEqual(new Set(['locked']));
    const held = await queryRows<{ n: string | number }>(
      t.database.db,
      sql`select count(*) as n from node_ports np join proxies p on p.id = np.proxy_id where p.order_id = ${order.id}`,
    );
    expect(Number(held[0]!.n)).toBe(0);
    const heldIps = await queryRows<{ n: string | number }>(
      t.database.db,
      sql`select count(*) as n from egress_ips e join proxies p on p.id = e.proxy_id where p.order_id = ${order.id}`,
    );
    expect(Number(heldIps[0]!.n)).toBe(0);
    const stockAfter = (await t.inject({ method: 'GET', url: '/api/country/v4/list-country' })).json();
    expect(stockAfter.find((x: { code: string }) => x.code === 'SG').stock).toBe(sgBefore + 50);

    const log = (
      await t.inject({ method: 'GET', url: `/api/order/admin/bill-order?orderId=${order.id}`, token: admin })
    ).json();
    expect(log.filter((l: { action: string }) => l.action === 'admin_cancel')).toHaveLength(1);
    // Nothing more can be done to a cancelled order.
    const extend = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/extend/${order.id}`,
      token: admin,
      payload: { period: { unit: 'day', value: 1 } },
    });
    expect(extend.json().message).toBe('ORDER_CANCELLED');
    // Nor renewed, alone or in a list (all or nothing), even beside an order that is merely live.
    const live = (await buyV4(c.token, 50, 'SG')).order;
    const balanceBefore = await balanceOf(t, c.id);
    const renew = await t.inject({ method: 'PUT', url: `/api/order/renew/${order.id}`, token: c.token, payload: {} });
    expect(renew.statusCode).toBe(statusOf('ORDER_CANCELLED'));
    expect(renew.json().message).toBe('ORDER_CANCELLED');
    const renewList = await t.inject({
      method: 'PUT',
      url: '/api/order/renew-list-order',
      token: c.token,
      payload: { listOrderId: [live.id, order.id] },
    });
    expect(renewList.statusCode).toBe(statusOf('ORDER_CANCELLED'));
    expect(renewList.json().message).toBe('ORDER_CANCELLED');
    expect(await balanceOf(t, c.id)).toBe(balanceBefore);
    const liveAfter = (await t.inject({ method: 'GET', url: `/api/order/detail/${live.id}`, token: c.token })).json();
    expect(liveAfter.expiresAt).toBe(live.expiresAt);
  });

  it('should cancel without a refund when the amount is 0: no ledger row', async () => {
    const c = await customer(t, 10_000_000);
    const { order } = await buyV4(c.token, 50, 'JP');
    const res = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/cancel/${order.id}`,
      token: admin,
      payload: { amount: 0 },
    });
    expect(res.json()).toEqual({ status: 'cancelled', refunded: 0, released: 50 });
    expect(await refundRows(c.id)).toHaveLength(0);
  });

  it('should cancel a key order: its keys and their listeners are released', async () => {
    const c = await customer(t, 10_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const buy = await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN', quantity: 2 },
    });
    expect(buy.statusCode).toBe(200);
    const orderId = buy.json().order.id;
    const res = await t.inject({
      method: 'PUT',
      url: `/api/order/admin/cancel/${orderId}`,
      token: admin,
      payload: { amount: 0 },
    });
    expect(res.json()).toMatchObject({ refunded: 0, released: 2 });
    const keys = (await t.inject({ method: 'GET', url: '/api/key/list-key-me', token: c.token })).json().items;
    expect(keys.map((k: { status: string; current: string | null }) => [k.status, k.current])).toEqual([
      ['locked', null],
      ['locked', null],
    ]);
  });
});
