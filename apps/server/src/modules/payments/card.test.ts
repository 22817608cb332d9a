import { describe, expect, it } from 'vitest';
import { balanceOf, customer, type TestApp } from '../../../test/helper.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/index.js';
import { topupById, providerSuite } from '../../../test/payments.js';
import { reconcileTopups } from './reconciler.js';

let t: TestApp;
let fake: FakeStripe;
providerSuite(
  'card',
  ({ t, base }) => startFakeStripe({ webhookUrl: `${base}/api/webhook/card`, now: () => t.clock.nowMs() }),
  (s) => {
    t = s.t;
    fake = s.fake;
  },
);

async function checkout(token: string, amount = 120_000) {
  const res = await t.inject({ method: 'POST', url: '/api/user/payment-credit-card', token, payload: { amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const check = (token: string, id: string) =>
  t.inject({ method: 'GET', url: `/api/user/check-payment-credit/${id}`, token });

describe('card (Stripe Checkout)', () => {
  it('should create a Checkout Session and credit once on the signed completed event', async () => {
    const c = await customer(t);
    const topup = await checkout(c.token);
    expect(topup).toMatchObject({ method: 'card', currency: 'USD', providerAmount: '5.00', amount: 120_000 });
    const session = fake.sessions.get(topup.instructions.orderId)!;
    expect(session).toMatchObject({ amount_total: 500, currency: 'usd', client_reference_id: topup.id });
    expect(topup.instructions.redirectUrl).toBe(session.url);

    fake.pay(session.id);
    for (let i = 0; i < 2; i++) {
      const res = await fake.sendEvent('checkout.session.completed', session);
      expect(res.status).toBe(200);
    }
    expect(await balanceOf(t, c.id)).toBe(120_000);
    const txs = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json();
    expect(txs.items.map((x: { type: string }) => x.type)).toEqual(['credit_card']);
    expect((await check(c.token, topup.id)).json().status).toBe('success');
  });

  it('should credit through check-payment-credit when the webhook was lost', async () => {
    const c = await customer(t);
    const topup = await checkout(c.token);
    expect((await check(c.token, topup.id)).json().status).toBe('pending');
    fake.pay(topup.instructions.orderId);
    expect((await check(c.token, topup.id)).json()).toMatchObject({ status: 'success', amount: 120_000 });
    expect(await balanceOf(t, c.id)).toBe(120_000);
  });

  it('should refuse a wrong secret, a tampered body and a stale timestamp', async () => {
    const c = await customer(t);
    const topup = await checkout(c.token);
    const session = fake.pay(topup.instructions.orderId);
    const wrong = await fake.sendEvent('checkout.session.completed', session, { secret: 'whsec_other' });
    const tampered = await fake.sendEvent('checkout.session.completed', session, {
      tamperRaw: (raw) => raw.replace('"amount_total":500', '"amount_total":50000'),
    });
    const stale = await fake.sendEvent('checkout.session.completed', session, {
      t: Math.floor(t.clock.nowMs() / 1000) - 301,
    });
    for (const res of [wrong, tampered, stale]) {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).message).toBe('PAYMENT_ERROR');
    }
    expect(await balanceOf(t, c.id)).toBe(0);
    expect((await topupById(t, topup.id)).status).toBe('pending');
  });

  it('should hold a paid session whose amount or currency differs', async () => {
    const c = await customer(t);
    const topup = await checkout(c.token);
    const session = fake.pay(topup.instructions.orderId, { amountTotal: 100 });
    const res = await fake.sendEvent('checkout.session.completed', session);
    expect(JSON.parse(res.body)).toEqual({ ok: true, outcome: 'held' });
    const other = await checkout(c.token);
    const eur = fake.pay(other.instructions.orderId);
    await fake.sendEvent('checkout.session.completed', eur, { mutate: (s) => ({ ...s, currency: 'eur' }) });
    expect((await topupById(t, other.id)).heldReason).toBe('currency eur instead of USD');
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should refuse card top-ups under $0.50', async () => {
    const c = await customer(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/payment-credit-card',
      token: c.token,
      payload: { amount: 11_760 },
    });
    expect(res.json()).toEqual({ message: 'BANKING_AMOUNT_NOT_ENOUGH', data: { minAmount: 12_000 } });
  });

  it('should cancel by expiring the session at Stripe', async () => {
    const c = await customer(t);
    const topup = await checkout(c.token);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/user/cancle-payment-credit/${topup.id}`,
      token: c.token,
    });
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect(fake.sessions.get(topup.instructions.orderId)?.status).toBe('expired');
    // Cancelling again is harmless; a completed event that still came would be held.
    const again = await t.inject({
      method: 'DELETE',
      url: `/api/user/cancle-payment-credit/${topup.id}`,
      token: c.token,
    });
    expect(again.json().status).toBe('cancelled');
    const late = fake.pay(topup.instructions.orderId);
    await fake.sendEvent('checkout.session.completed', late);
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should refuse to cancel a paid session, and credit it instead', async () => {
    const c = await customer(t);
    const topup = await checkout(c.token);
    fake.pay(topup.instructions.orderId);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/user/cancle-payment-credit/${topup.id}`,
      token: c.token,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('PAYMENT_ALREADY_DONE');
    expect(await balanceOf(t, c.id)).toBe(120_000);
  });

  it('should expire a session left open past its hour, and follow the expired event', async () => {
    const c = await customer(t);
    const stale = await checkout(c.token);
    const byEvent = await checkout(c.token);
    const session = fake.sessions.get(byEvent.instructions.orderId)!;
    session.status = 'expired';
    await fake.sendEvent('checkout.session.expired', session);
    expect((await topupById(t, byEvent.id)).status).toBe('expired');
    t.clock.advance(3600_000 + 1000);
    await reconcileTopups(t.ctx);
    expect((await topupById(t, stale.id)).status).toBe('expired');
    expect(fake.sessions.get(stale.instructions.orderId)?.status).toBe('expired');
  });
});
