import { describe, expect, it } from 'vitest';
import { balanceOf, customer, type TestApp } from '../../../test/helper.js';
import { FAKE_TOKEN, startFakeTronGrid, type FakeTronGrid } from '../../../test/fakes/index.js';
import { topupById, providerSuite } from '../../../test/payments.js';
import { reconcileTopups } from './reconciler.js';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

let t: TestApp;
let fake: FakeTronGrid;
providerSuite(
  'usdt',
  () => startFakeTronGrid({ apiKey: 'trongrid-key' }),
  (s) => {
    t = s.t;
    fake = s.fake;
  },
  { address: ADDRESS },
);

async function create(token: string, amount = 240_000) {
  const res = await t.inject({ method: 'POST', url: '/api/user/usdt-create-order', token, payload: { amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const micro = (payAmount: string) => Number(payAmount.replace('.', ''));
const check = (token: string, id: string) =>
  t.inject({ method: 'GET', url: `/api/user/check-payment-credit/${id}`, token });

describe('USDT TRC20 (TronGrid polling)', () => {
  it('should ask for a unique amount to the site address and credit the transfer of exactly that amount once', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    expect(topup.instructions).toMatchObject({ address: ADDRESS, network: 'TRC20', qrPayload: ADDRESS });
    expect(topup.instructions.payAmount).toMatch(/^10\.00\d{4}$/);
    expect(topup.providerAmount).toBe(topup.instructions.payAmount);
    expect(micro(topup.instructions.payAmount)).toBeGreaterThan(10_000_000);

    expect((await check(c.token, topup.id)).json().status).toBe('pending');
    const txId = fake.transfer({ to: ADDRESS, value: micro(topup.instructions.payAmount), at: t.clock.nowMs() + 1000 });
    expect((await check(c.token, topup.id)).json().status).toBe('success');
    expect((await check(c.token, topup.id)).json().status).toBe('success');
    await reconcileTopups(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(240_000);
    expect((await topupById(t, topup.id)).providerTxnId).toBe(txId);
  });

  it('should give concurrent top-ups of one amount different amounts to pay', async () => {
    const c = await customer(t);
    const created = await Promise.all(Array.from({ length: 20 }, () => create(c.token, 24_000)));
    const amounts = new Set(created.map((x) => x.instructions.payAmount));
    expect(amounts.size).toBe(20);
  });

  it('should not credit a different amount, another token, a transfer from before, or one tx twice', async () => {
    const c = await customer(t);
    const a = await create(c.token);
    const value = micro(a.instructions.payAmount);
    const now = t.clock.nowMs();
    fake.transfer({ to: ADDRESS, value: value + 1, at: now + 1000 });
    fake.transfer({ to: ADDRESS, value, at: now + 1000, contract: FAKE_TOKEN });
    fake.transfer({ to: ADDRESS, value, at: now - 60_000 });
    fake.transfer({ to: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC', value, at: now + 1000 });
    expect((await check(c.token, a.id)).json().status).toBe('pending');
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should expire after 30 minutes, and not take a transfer made after that', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    t.clock.advance(31 * 60_000);
    fake.transfer({ to: ADDRESS, value: micro(topup.instructions.payAmount), at: t.clock.nowMs() });
    await reconcileTopups(t.ctx);
    expect((await topupById(t, topup.id)).status).toBe('expired');
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should cancel, and then ignore the transfer', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/user/cancle-payment-credit/${topup.id}`,
      token: c.token,
    });
    expect(res.json().status).toBe('cancelled');
    fake.transfer({ to: ADDRESS, value: micro(topup.instructions.payAmount), at: t.clock.nowMs() + 1000 });
    expect((await check(c.token, topup.id)).json().status).toBe('cancelled');
    await reconcileTopups(t.ctx, new Date(t.clock.nowMs() + 3600_000));
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should page through a busy address', async () => {
    const c = await customer(t);
    const topup = await create(c.token);
    const at = t.clock.nowMs() + 500;
    fake.transfer({ to: ADDRESS, value: micro(topup.instructions.payAmount), at });
    for (let i = 0; i < 250; i++) {
      fake.transfer({ to: ADDRESS, value: 1 + i, at: at + 1 + i });
    }
    expect((await check(c.token, topup.id)).json().status).toBe('success');
  });
});
