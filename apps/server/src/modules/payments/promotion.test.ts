import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, customer, type TestApp } from '../../../test/helper.js';
import { BANK_KEY, codeBillOf, expectLedgerHolds, postBank, sepay, setPromotion } from '../../../test/payments.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
});

async function topUp(amount: number) {
  const c = await customer(t);
  await postBank(t, sepay(await codeBillOf(t, c.id), amount));
  const list = (await t.inject({ method: 'GET', url: '/api/log/list-topup', token: c.token })).json();
  const txs = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json();
  return { balance: await balanceOf(t, c.id), topup: list.items[0], txs: txs.items };
}

describe('deposit promotion (default tiers: 10% from 1,000,000, 15% from 5,000,000 coins)', () => {
  it.each([
    [999_999, 0],
    [1_000_000, 100_000],
    [1_000_001, 100_000],
    [4_999_999, 499_999],
    [5_000_000, 750_000],
    [5_000_001, 750_000],
    [8_000_000, 1_200_000],
  ])('should add the right bonus to a top-up of %i coins: %i', async (amount, bonus) => {
    await setPromotion(t, undefined);
    const r = await topUp(amount);
    expect(r.balance).toBe(amount + bonus);
    expect(r.topup).toMatchObject({ amount, bonus, status: 'success' });
    if (bonus > 0) {
      // Its own `promotion` ledger row beside the top-up row (same time, so in no set order).
      expect(r.txs.map((x: { type: string; amount: number }) => [x.type, x.amount]).sort()).toEqual([
        ['promotion', bonus],
        ['topup', amount],
      ]);
    } else {
      expect(r.txs).toHaveLength(1);
    }
  });

  it('should add nothing when the site has no promotion (null)', async () => {
    await setPromotion(t, null);
    const r = await topUp(6_000_000);
    expect(r.balance).toBe(6_000_000);
    expect(r.topup.bonus).toBe(0);
    expect(r.txs).toHaveLength(1);
  });

  it("should follow the site's own tiers", async () => {
    await setPromotion(t, { tiers: [{ minAmount: 100_000, percent: 12 }] });
    const r = await topUp(100_000);
    expect(r.balance).toBe(112_000);
  });
});
