import { describe, expect, it } from 'vitest';
import { balanceOf, customer, type TestApp } from '../../../test/helper.js';
import { startFakeTazapay, type FakeTazapay } from '../../../test/fakes/index.js';
import { topupById, providerSuite } from '../../../test/payments.js';
import { reconcileTopups } from './reconciler.js';

let t: TestApp;
let fake: FakeTazapay;
providerSuite(
  'tazapay',
  () => startFakeTazapay(),
  (s) => {
    t = s.t;
    fake = s.fake;
  },
);

async function create(token: string, amount = 24_000, country = 'sg') {
  const res = await t.inject({
    method: 'POST',
    url: '/api/user/tazapay-create-order',
    token,
    payload: { amount, country },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('Tazapay (v3 checkout, signed webhooks)', () => {
  it('should create a checkout in cents with the payer country, and credit once on checkout.paid', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    const checkout = fake.checkouts.get(topup.instructions.orderId)!;
    expect(checkout).toMatchObject({ amount: 100, invoice_currency: 'usd', reference_id: topup.id });
    expect(checkout.customer_details).toMatchObject({ country: 'SG', email: c.email });
    fake.pay(checkout.id);
    for (let i = 0; i < 2; i++) {
      const res = await fake.sendWebhook(checkout.id);
      expect(res.status).toBe(200);
    }
    expect(await balanceOf(t, c.id)).toBe(24_000);
  });

  it('should refuse a wrong secret and a body changed after signing', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    fake.pay(topup.instructions.orderId);
    const wrong = await fake.sendWebhook(topup.instructions.orderId, { secret: 'not-it' });
    const tampered = await fake.sendWebhook(topup.instructions.orderId, {
      tamperRaw: (raw) => raw.replace('"amount":100', '"amount":100000'),
    });
    for (const res of [wrong, tampered]) {
      expect(res.status).toBe(400);
    }
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should hold a paid checkout of another amount', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    fake.pay(topup.instructions.orderId, { amount: 1 });
    await fake.sendWebhook(topup.instructions.orderId);
    expect((await topupById(t, topup.id)).heldReason).toMatch(/^amount 1 instead of 100/);
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should check by GET when the webhook was lost', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    fake.pay(topup.instructions.orderId);
    const res = await t.inject({ method: 'GET', url: `/api/user/check-payment-credit/${topup.id}`, token: c.token });
    expect(res.json().status).toBe('success');
    expect(await balanceOf(t, c.id)).toBe(24_000);
  });

  it('should cancel by expiring the checkout, and expire a stale one', async () => {
    const c = await customer(t);
    const cancelled = await create(c.token);
    await t.inject({ method: 'DELETE', url: `/api/user/cancle-payment-credit/${cancelled.id}`, token: c.token });
    expect(fake.checkouts.get(cancelled.instructions.orderId)?.status).toBe('expired');
    const stale = await create(c.token);
    t.clock.advance(3600_000 + 1000);
    await reconcileTopups(t.ctx);
    expect((await topupById(t, stale.id)).status).toBe('expired');
    // A paid event for the cancelled one is held, not credited.
    fake.pay(cancelled.instructions.orderId);
    await fake.sendWebhook(cancelled.instructions.orderId);
    expect((await topupById(t, cancelled.id)).heldReason).toBe('paid after cancelled');
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should refuse a country that is not two letters', async () => {
    const c = await customer(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/tazapay-create-order',
      token: c.token,
      payload: { amount: 24_000, country: 'Vietnam' },
    });
    expect(res.json().message).toBe('VALIDATION_ERROR');
  });
});
