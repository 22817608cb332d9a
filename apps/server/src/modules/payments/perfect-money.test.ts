import { describe, expect, it } from 'vitest';
import { balanceOf, customer, type TestApp } from '../../../test/helper.js';
import { startFakePerfectMoney, type FakePerfectMoney } from '../../../test/fakes/index.js';
import { topupById, providerSuite } from '../../../test/payments.js';
import { reconcileTopups } from './reconciler.js';

let t: TestApp;
let fake: FakePerfectMoney;
let base: string;
providerSuite(
  'perfectmoney',
  () => startFakePerfectMoney(),
  (s) => {
    t = s.t;
    fake = s.fake;
    base = s.base;
  },
);

async function create(token: string, amount = 72_000) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/user/perfect-money-create-order',
    token,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('Perfect Money (SCI)', () => {
  it('should hand out the SCI form, and credit once on the status post with a good V2_HASH', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    const form = topup.instructions.form;
    expect(form).toMatchObject({ action: fake.config.sciUrl, method: 'POST' });
    expect(form.fields).toMatchObject({
      PAYEE_ACCOUNT: 'U1234567',
      PAYMENT_ID: topup.id,
      PAYMENT_AMOUNT: '3.00',
      PAYMENT_UNITS: 'USD',
      STATUS_URL: `${base}/api/user/perfect-money-complete-payment`,
      PAYMENT_URL: `${base}/topup/perfectmoney-success`,
      NOPAYMENT_URL: `${base}/topup/perfectmoney-failed`,
    });
    const res = await fake.sendStatus(form.fields, { batchNum: '123456789' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, outcome: 'success' });
    // PM repeats the status post until it gets an answer; a repeat changes nothing.
    await fake.sendStatus(form.fields, { batchNum: '123456789' });
    expect(await balanceOf(t, c.id)).toBe(72_000);
    expect((await topupById(t, topup.id)).providerTxnId).toBe('123456789');
  });

  it('should refuse a wrong passphrase and a tampered amount', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    const wrong = await fake.sendStatus(topup.instructions.form.fields, { passphrase: 'guess' });
    const tampered = await fake.sendStatus(topup.instructions.form.fields, {
      tamper: (f) => (f.PAYMENT_AMOUNT = '300.00'),
    });
    for (const res of [wrong, tampered]) {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).message).toBe('PAYMENT_ERROR');
    }
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should hold a genuine payment of another amount or to another account', async () => {
    const c = await customer(t);
    const cheap = await create(c.token);
    // The payer edited the form: PM really took 0.01 USD, and signed that.
    await fake.sendStatus(cheap.instructions.form.fields, { amount: '0.01' });
    expect((await topupById(t, cheap.id)).heldReason).toMatch(/^amount 1 instead of 300/);
    const elsewhere = await create(c.token);
    await fake.sendStatus(elsewhere.instructions.form.fields, { payee: 'U9999999' });
    expect((await topupById(t, elsewhere.id)).heldReason).toBe('payee U9999999 instead of U1234567');
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should cancel, expire, and hold what is paid afterwards', async () => {
    const c = await customer(t);
    const cancelled = await create(c.token);
    await t.inject({ method: 'DELETE', url: `/api/user/cancle-payment-credit/${cancelled.id}`, token: c.token });
    expect((await topupById(t, cancelled.id)).status).toBe('cancelled');
    const stale = await create(c.token);
    t.clock.advance(3600_000 + 1000);
    await reconcileTopups(t.ctx);
    expect((await topupById(t, stale.id)).status).toBe('expired');
    await fake.sendStatus(stale.instructions.form.fields);
    await fake.sendStatus(cancelled.instructions.form.fields);
    expect((await topupById(t, stale.id)).heldReason).toBe('paid after expired');
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should also take the status post at /api/webhook/perfectmoney', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    const res = await fake.sendStatus({
      ...topup.instructions.form.fields,
      STATUS_URL: `${base}/api/webhook/perfectmoney`,
    });
    expect(res.status).toBe(200);
    expect(await balanceOf(t, c.id)).toBe(72_000);
  });
});
