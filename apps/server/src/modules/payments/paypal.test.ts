import { describe, expect, it } from 'vitest';
import { balanceOf, customer, login, createUser, type TestApp } from '../../../test/helper.js';
import { startFakePaypal, type FakePaypal } from '../../../test/fakes/index.js';
import { siteAdmin, topupById, providerSuite } from '../../../test/payments.js';
import { reconcileTopups } from './reconciler.js';

let t: TestApp;
let fake: FakePaypal;
providerSuite(
  'paypal',
  ({ base }) => startFakePaypal({ webhookUrl: `${base}/api/webhook/paypal` }),
  (s) => {
    t = s.t;
    fake = s.fake;
  },
);

async function createOrder(token: string, amount = 240_000) {
  const res = await t.inject({ method: 'POST', url: '/api/user/paypal-create-order', token, payload: { amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const complete = (token: string, orderId: string) =>
  t.inject({ method: 'POST', url: '/api/user/complete-paypal-payment', token, payload: { orderId } });

describe('PayPal (Orders v2)', () => {
  it('should create an order, capture it on complete and credit cents × 240, once', async () => {
    const c = await customer(t);
    const topup = await createOrder(c.token);
    expect(topup).toMatchObject({
      method: 'paypal',
      status: 'pending',
      amount: 240_000,
      currency: 'USD',
      providerAmount: '10.00',
      content: 'PayPal 10.00 USD',
      contentI18n: { key: 'topup', params: { method: 'paypal', amount: 1000, currency: 'USD' } },
    });
    expect(topup.instructions.redirectUrl).toBe(`${fake.url}/checkoutnow?token=${topup.instructions.orderId}`);
    expect(fake.orders.get(topup.instructions.orderId)?.purchase_units[0]?.amount).toEqual({
      currency_code: 'USD',
      value: '10.00',
    });

    // Not approved yet: nothing to capture.
    expect((await complete(c.token, topup.instructions.orderId)).json().status).toBe('pending');
    fake.approve(topup.instructions.orderId);
    const done = await complete(c.token, topup.instructions.orderId);
    expect(done.json()).toMatchObject({ id: topup.id, status: 'success', amount: 240_000 });
    expect(await balanceOf(t, c.id)).toBe(240_000);

    // The capture webhook, twice, and the complete call again: no second credit.
    const event = {
      id: 'WH-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: fake.orders.get(topup.instructions.orderId)!.purchase_units[0]!.payments!.captures[0],
    };
    for (let i = 0; i < 2; i++) {
      const res = await fake.sendWebhook(event);
      expect(res.status).toBe(200);
    }
    expect((await complete(c.token, topup.instructions.orderId)).json().status).toBe('success');
    expect(await balanceOf(t, c.id)).toBe(240_000);
    const txs = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json();
    expect(txs.items.map((x: { type: string }) => x.type)).toEqual(['topup']);
  });

  it('should capture and credit when the approval webhook arrives, without a complete call', async () => {
    const c = await customer(t);
    const topup = await createOrder(c.token, 48_000);
    fake.approve(topup.instructions.orderId);
    const res = await fake.sendWebhook(fake.approvedEvent(topup.instructions.orderId));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, outcome: 'success' });
    expect(await balanceOf(t, c.id)).toBe(48_000);
  });

  it('should refuse a webhook with a bad signature or a tampered body, and credit nothing', async () => {
    const c = await customer(t);
    const topup = await createOrder(c.token);
    const event = fake.captureNow(topup.instructions.orderId);
    const bad = await fake.sendWebhook(event, { badSignature: true });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).message).toBe('PAYMENT_ERROR');
    const tampered = await fake.sendWebhook(event, {
      tamper: (e) => {
        (e.resource as { amount: { value: string } }).amount.value = '1000.00';
        return e;
      },
    });
    expect(tampered.status).toBe(400);
    expect(await balanceOf(t, c.id)).toBe(0);
    expect((await topupById(t, topup.id)).status).toBe('pending');
  });

  it('should hold a capture of another amount for an admin instead of crediting it', async () => {
    const c = await customer(t);
    const topup = await createOrder(c.token);
    fake.approve(topup.instructions.orderId, { captureValue: '1.00' });
    const res = await complete(c.token, topup.instructions.orderId);
    expect(res.json()).toMatchObject({ status: 'pending', held: true });
    expect(await balanceOf(t, c.id)).toBe(0);
    const admin = await siteAdmin(t);
    const held = (
      await t.inject({ method: 'GET', url: '/api/bill/admin/list-topup?held=1&method=paypal', token: admin.token })
    )
      .json()
      .items.find((i: { id: string }) => i.id === topup.id);
    expect(held.heldReason).toMatch(/^amount 100 instead of 1000/);
    // The admin credits what actually arrived.
    const paid = await t.inject({
      method: 'PUT',
      url: `/api/bill/admin/topup/${topup.id}`,
      token: admin.token,
      payload: { amount: 24_000 },
    });
    expect(paid.json()).toMatchObject({ status: 'success', amount: 24_000, held: false });
    expect(await balanceOf(t, c.id)).toBe(24_000);
  });

  it('should refuse amounts under one dollar or not in whole cents', async () => {
    const c = await customer(t);
    const low = await t.inject({
      method: 'POST',
      url: '/api/user/paypal-create-order',
      token: c.token,
      payload: { amount: 23_760 },
    });
    expect(low.json()).toEqual({ message: 'BANKING_AMOUNT_NOT_ENOUGH', data: { minAmount: 24_000 } });
    const odd = await t.inject({
      method: 'POST',
      url: '/api/user/paypal-create-order',
      token: c.token,
      payload: { amount: 24_001 },
    });
    expect(odd.json().message).toBe('VALIDATION_ERROR');
  });

  it('should cancel a pending order, and hold a payment that still arrives', async () => {
    const c = await customer(t);
    const topup = await createOrder(c.token);
    const cancel = await t.inject({
      method: 'DELETE',
      url: `/api/user/cancle-payment-credit/${topup.id}`,
      token: c.token,
    });
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    const res = await fake.sendWebhook(fake.captureNow(topup.instructions.orderId));
    expect(JSON.parse(res.body)).toEqual({ ok: true, outcome: 'held' });
    expect(await balanceOf(t, c.id)).toBe(0);
    expect((await topupById(t, topup.id)).heldReason).toBe('paid after cancelled');
  });

  it('should expire an order left unapproved past its lifetime', async () => {
    const c = await customer(t);
    const topup = await createOrder(c.token);
    await reconcileTopups(t.ctx);
    expect((await topupById(t, topup.id)).status).toBe('pending');
    t.clock.advance(3 * 3600_000 + 60_000);
    try {
      await reconcileTopups(t.ctx);
      expect((await topupById(t, topup.id)).status).toBe('expired');
    } finally {
      t.clock.reset();
    }
  });

  it('should credit an order approved and captured at PayPal when the reconciler looks', async () => {
    const c = await customer(t);
    const topup = await createOrder(c.token);
    fake.approve(topup.instructions.orderId);
    await reconcileTopups(t.ctx, new Date(t.clock.nowMs() + 3600_000));
    expect((await topupById(t, topup.id)).status).toBe('success');
    expect(await balanceOf(t, c.id)).toBe(240_000);
  });

  it("should refuse another user's and another site's top-ups", async () => {
    const owner = await createUser(t, { role: 0 });
    const ownerToken = (await login(t, owner)).accessToken;
    const topup = await createOrder(ownerToken);
    const other = await customer(t);
    const byOther = await complete(other.token, topup.instructions.orderId);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().message).toBe('PAYMENT_NOT_EXISTS');
    // The owner is admin everywhere, so can log in on the demo site, but the payment stays on its own.
    const elsewhere = await login(t, owner, 'proxy-owner.localhost');
    const res = await t.inject({
      method: 'GET',
      url: `/api/user/check-payment-credit/${topup.id}`,
      token: elsewhere.accessToken,
      headers: { host: 'proxy-owner.localhost' },
    });
    expect(res.json().message).toBe('PAYMENT_NOT_BELONG_WEBSITE');
  });

  it('should answer PAYMENT_METHOD_DISABLED on a site that has not switched PayPal on', async () => {
    const c = await customer(t, 0, 'proxy-owner.localhost');
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/paypal-create-order',
      token: c.token,
      headers: { host: 'proxy-owner.localhost' },
      payload: { amount: 240_000 },
    });
    expect(res.json().message).toBe('PAYMENT_METHOD_DISABLED');
  });
});
