import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { balanceOf, countRows, customer, type TestApp } from '../../../test/helper.js';
import { queryRows } from '../../db/client.js';
import { startFakeBytepay, type FakeBytepay } from '../../../test/fakes/index.js';
import { topupById, providerSuite } from '../../../test/payments.js';
import { reconcileTopups } from './reconciler.js';

let t: TestApp;
let fake: FakeBytepay;
providerSuite(
  'bytepay',
  () => startFakeBytepay(),
  (s) => {
    t = s.t;
    fake = s.fake;
  },
);

async function create(token: string, amount = 480_000) {
  const res = await t.inject({ method: 'POST', url: '/api/user/bytepay-create-order', token, payload: { amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('bytepay (crypto gateway, HMAC-SHA256 IPN)', () => {
  it('should create an order and credit once on the signed IPN', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    const order = fake.orders.get(topup.instructions.orderId)!;
    expect(order).toMatchObject({ order_id: topup.id, price_amount: '20.00', price_currency: 'USD' });
    expect(topup.instructions.redirectUrl).toBe(order.pay_url);
    fake.pay(order.id);
    for (let i = 0; i < 2; i++) {
      const res = await fake.sendIpn(order.id);
      expect(res.status).toBe(200);
    }
    expect(await balanceOf(t, c.id)).toBe(480_000);
  });

  it('should complete an order by its id (bytepay-complete-order) when the IPN was lost', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    const complete = () =>
      t.inject({
        method: 'POST',
        url: '/api/user/bytepay-complete-order',
        token: c.token,
        payload: { orderId: topup.instructions.orderId },
      });
    expect((await complete()).json().status).toBe('pending');
    fake.pay(topup.instructions.orderId);
    expect((await complete()).json().status).toBe('success');
    expect(await balanceOf(t, c.id)).toBe(480_000);
  });

  it('should refuse a bad signature and a body changed after signing', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    fake.pay(topup.instructions.orderId);
    const bad = await fake.sendIpn(topup.instructions.orderId, { badSignature: true });
    const tampered = await fake.sendIpn(topup.instructions.orderId, { tamper: (o) => (o.price_amount = '2000.00') });
    for (const res of [bad, tampered]) {
      expect(res.status).toBe(400);
    }
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should hold a signed IPN of another amount or for another merchant', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    fake.pay(topup.instructions.orderId);
    await fake.sendIpn(topup.instructions.orderId, { mutate: (o) => (o.price_amount = '2.00') });
    expect((await topupById(t, topup.id)).heldReason).toMatch(/^amount 200 instead of 2000/);
    const other = await create(c.token);
    fake.pay(other.instructions.orderId);
    await fake.sendIpn(other.instructions.orderId, { mutate: (o) => (o.merchant_id = 'mch_someone_else') });
    expect((await topupById(t, other.id)).heldReason).toBe('payee mch_someone_else instead of mch_fake_01');
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should cancel at bytepay, and expire an order left unpaid', async () => {
    const c = await customer(t);
    const cancelled = await create(c.token);
    await t.inject({ method: 'DELETE', url: `/api/user/cancle-payment-credit/${cancelled.id}`, token: c.token });
    expect(fake.orders.get(cancelled.instructions.orderId)?.status).toBe('cancelled');
    expect((await topupById(t, cancelled.id)).status).toBe('cancelled');
    const stale = await create(c.token);
    t.clock.advance(3600_000 + 1000);
    await reconcileTopups(t.ctx);
    expect((await topupById(t, stale.id)).status).toBe('expired');
    expect(fake.orders.get(stale.instructions.orderId)?.status).toBe('cancelled');
  });
});

describe('bytepay repeating an order id', () => {
  it('should fail the new top-up with PAYMENT_ERROR, keep the first one as it was, and not 500', async () => {
    const c = await customer(t);
    const first = await create(c.token);
    const topupsBefore = await countRows(t, 'topups');
    fake.repeatIds.push(first.instructions.orderId);
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/bytepay-create-order',
      token: c.token,
      payload: { amount: 240_000 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'PAYMENT_ERROR' });
    // The refused one is closed, holding no order id; the first one keeps its order.
    const rows = await queryRows<{ id: string; status: string; provider_order_id: string | null }>(
      t.ctx.db,
      sql`select id, status, provider_order_id from topups where user_id = ${c.id} order by created_at, id`,
    );
    expect(rows).toHaveLength(2);
    expect(await countRows(t, 'topups')).toBe(topupsBefore + 1);
    const second = rows.find((r) => r.id !== first.id)!;
    expect(second).toMatchObject({ status: 'failed', provider_order_id: null });
    expect(await topupById(t, first.id)).toMatchObject({
      status: 'pending',
      providerOrderId: first.instructions.orderId,
    });
    expect(await balanceOf(t, c.id)).toBe(0);
  });
});
