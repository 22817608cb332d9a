import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, countRows, createUser, customer, fund, login, type TestApp } from '../../../test/helper.js';
import { BANK_KEY, codeBillOf, expectLedgerHolds, postBank, sepay, setPromotion } from '../../../test/payments.js';
import { isPausedDuringMaintenance } from '../../plugins/maintenance.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
  await setPromotion(t, null);
  const a = await createUser(t, { role: 2 });
  await fund(t, a.id, 1_000_000);
  adminToken = (await login(t, a)).accessToken;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await setMaintenance({ enabled: false, message: '', messageEng: '', until: null });
  await expectLedgerHolds(t);
});

const NOTICE = { enabled: true, message: 'Bảo trì đến 10 giờ', messageEng: 'Maintenance until 10:00', until: null };

async function setMaintenance(body: object, token = adminToken, host = 'localhost') {
  const res = await t.inject({
    method: 'PUT',
    url: '/api/setting/admin/maintenance',
    token,
    headers: { host },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const siteInfo = async (host = 'localhost') =>
  (await t.inject({ method: 'GET', url: '/api/site/get-site-info', headers: { host } })).json();
const buyV6 = (token: string) =>
  t.inject({
    method: 'POST',
    url: '/api/v6-proxy/buy-retail',
    token,
    payload: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
  });

describe('maintenance notice', () => {
  it('should show on get-site-info while on, and not after its end time or when off', async () => {
    expect((await siteInfo()).maintenance).toBeNull();
    await setMaintenance(NOTICE);
    expect((await siteInfo()).maintenance).toEqual(NOTICE);
    expect(
      (await t.inject({ method: 'GET', url: '/api/setting/admin/maintenance', token: adminToken })).json(),
    ).toEqual(NOTICE);
    // Another site is not under maintenance.
    expect((await siteInfo('proxy-owner.localhost')).maintenance).toBeNull();
    const until = new Date(t.clock.nowMs() + 60 * 60_000).toISOString();
    await setMaintenance({ ...NOTICE, until });
    expect((await siteInfo()).maintenance).toEqual({ ...NOTICE, until });
    t.clock.advance(61 * 60_000);
    try {
      expect((await siteInfo()).maintenance).toBeNull();
    } finally {
      t.clock.reset();
    }
    await setMaintenance({ ...NOTICE, enabled: false });
    expect((await siteInfo()).maintenance).toBeNull();
  });

  it('should refuse a customer’s purchase, renewals and top-ups with 503 MAINTENANCE and change nothing', async () => {
    const c = await customer(t, 500_000);
    const bought = await buyV6(c.token);
    expect(bought.statusCode).toBe(200);
    const { order, proxies } = bought.json();
    await setMaintenance(NOTICE);
    const orders = await countRows(t, 'orders');
    const topups = await countRows(t, 'topups');
    const calls = [
      () => buyV6(c.token),
      () =>
        t.inject({
          method: 'PUT',
          url: `/api/order/renew/${order.id}`,
          token: c.token,
          payload: { period: { unit: 'day', value: 1 } },
        }),
      () =>
        t.inject({
          method: 'PUT',
          url: '/api/order/renew-list-order',
          token: c.token,
          payload: { listOrderId: [order.id], period: { unit: 'day', value: 1 } },
        }),
      () =>
        t.inject({
          method: 'PUT',
          url: '/api/v6-proxy/renew-list-proxy',
          token: c.token,
          payload: { listProxyId: [proxies[0].id], period: { unit: 'day', value: 1 } },
        }),
      () =>
        t.inject({ method: 'POST', url: '/api/user/bank-create-order', token: c.token, payload: { amount: 100_000 } }),
      () =>
        t.inject({ method: 'POST', url: '/api/user/paypal-create-order', token: c.token, payload: { amount: 100 } }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'MAINTENANCE',
        data: { message: NOTICE.message, messageEng: NOTICE.messageEng, until: null },
      });
    }
    expect(await balanceOf(t, c.id)).toBe(500_000 - order.totalPrice);
    expect(await countRows(t, 'orders')).toBe(orders);
    expect(await countRows(t, 'topups')).toBe(topups);
    // Reading keeps working.
    expect((await t.inject({ method: 'GET', url: '/api/order/list-order', token: c.token })).statusCode).toBe(200);
    // Once it is off, the same purchase goes through.
    await setMaintenance({ ...NOTICE, enabled: false });
    expect((await buyV6(c.token)).statusCode).toBe(200);
  });

  it('should let an admin keep working, and block only the site under maintenance', async () => {
    await setMaintenance(NOTICE);
    expect((await buyV6(adminToken)).statusCode).toBe(200);
    const other = await customer(t, 100_000, 'proxy-owner.localhost');
    const res = await t.inject({
      method: 'POST',
      url: '/api/v6-proxy/buy-retail',
      token: other.token,
      headers: { host: 'proxy-owner.localhost' },
      payload: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
    });
    expect(res.json().message).not.toBe('MAINTENANCE');
  });

  it('should still credit a bank transfer that arrives by webhook, exactly once', async () => {
    const c = await customer(t);
    await setMaintenance(NOTICE);
    const body = sepay(`NAP ${await codeBillOf(t, c.id)}`, 120_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => postBank(t, body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balanceOf(t, c.id)).toBe(120_000);
  });

  it('should refuse a bad notice with VALIDATION_ERROR and keep the saved one', async () => {
    await setMaintenance(NOTICE);
    for (const bad of [{ ...NOTICE, until: 'tomorrow' }, { ...NOTICE, message: 'x'.repeat(501) }, { enabled: 'yes' }]) {
      const res = await t.inject({
        method: 'PUT',
        url: '/api/setting/admin/maintenance',
        token: adminToken,
        payload: bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
    }
    expect((await siteInfo()).maintenance).toEqual(NOTICE);
  });

  it('should pause exactly the buy, renew, amend and top-up-create routes', () => {
    for (const line of [
      'POST /api/v6-proxy/buy-retail',
      'POST /api/v4-proxy/buy-package/:id',
      'POST /api/key/buy-key-package/:id',
      'PUT /api/order/renew/:id',
      'PUT /api/order/increase-bandwidth/:id',
      'PUT /api/bought-proxy/renew-list-proxy',
      'PUT /api/key/renew-list-key',
      'POST /api/user/momo-create-order',
      'POST /api/user/payment-credit-card',
    ]) {
      const [m, u] = line.split(' ');
      expect(isPausedDuringMaintenance(m!, u!), line).toBe(true);
    }
    for (const line of [
      'POST /api/webhook/bank',
      'POST /api/user/complete-paypal-payment',
      'PUT /api/bill/admin/topup/:id',
      'GET /api/order/list-order',
      'PUT /api/order/auto-renew/:id',
    ]) {
      const [m, u] = line.split(' ');
      expect(isPausedDuringMaintenance(m!, u!), line).toBe(false);
    }
  });
});
