import { describe, expect, it } from 'vitest';
import { balanceOf, customer, type TestApp } from '../../../test/helper.js';
import { startFakeMomo, type FakeMomo } from '../../../test/fakes/index.js';
import { topupById, providerSuite } from '../../../test/payments.js';
import { reconcileTopups } from './reconciler.js';

let t: TestApp;
let fake: FakeMomo;
providerSuite(
  'momo',
  () => startFakeMomo(),
  (s) => {
    t = s.t;
    fake = s.fake;
  },
);

async function create(token: string, amount = 100_000) {
  const res = await t.inject({ method: 'POST', url: '/api/user/momo-create-order', token, payload: { amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('MoMo (v2, HMAC-SHA256)', () => {
  it('should create a signed order and credit once on a signed IPN with resultCode 0 (204)', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    expect(topup).toMatchObject({ method: 'momo', currency: 'VND', providerAmount: '100000', amount: 100_000 });
    expect(topup.instructions.redirectUrl).toBe(`${fake.url}/pay/${topup.id}`);
    expect(fake.orders.get(topup.id)?.ipnUrl).toMatch(/\/api\/webhook\/momo$/);
    fake.pay(topup.id);
    for (let i = 0; i < 3; i++) {
      const res = await fake.sendIpn(topup.id);
      expect(res.status).toBe(204);
    }
    expect(await balanceOf(t, c.id)).toBe(100_000);
    expect((await topupById(t, topup.id)).providerTxnId).toBe(String(fake.orders.get(topup.id)?.transId));
  });

  it('should credit through the query API when the IPN was lost', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    fake.pay(topup.id);
    const res = await t.inject({ method: 'GET', url: `/api/user/check-payment-credit/${topup.id}`, token: c.token });
    expect(res.json().status).toBe('success');
    expect(await balanceOf(t, c.id)).toBe(100_000);
  });

  it('should refuse a bad signature and a tampered amount', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    fake.pay(topup.id);
    const bad = await fake.sendIpn(topup.id, { badSignature: true });
    const tampered = await fake.sendIpn(topup.id, { tamper: (b) => (b.amount = 10_000_000) });
    for (const res of [bad, tampered]) {
      expect(res.status).toBe(400);
    }
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should hold a signed IPN of another amount, and mark a declined one failed', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    fake.pay(topup.id);
    await fake.sendIpn(topup.id, { amount: 10_000 });
    expect((await topupById(t, topup.id)).heldReason).toMatch(/^amount 10000 instead of 100000/);
    const declined = await create(c.token);
    fake.pay(declined.id, 1006);
    await fake.sendIpn(declined.id);
    expect((await topupById(t, declined.id)).status).toBe('cancelled');
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should cancel locally and hold a payment that comes after', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/user/cancle-payment-credit/${topup.id}`,
      token: c.token,
    });
    expect(res.json().status).toBe('cancelled');
    fake.pay(topup.id);
    await fake.sendIpn(topup.id);
    expect((await topupById(t, topup.id)).heldReason).toBe('paid after cancelled');
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should expire an unpaid order after 30 minutes', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    t.clock.advance(31 * 60_000);
    await reconcileTopups(t.ctx);
    expect((await topupById(t, topup.id)).status).toBe('expired');
  });
});
