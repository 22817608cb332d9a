import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, countRows, customer, type TestApp } from '../../../test/helper.js';
import {
  BANK_KEY,
  codeBillOf,
  configureMethod,
  expectLedgerHolds,
  postBank,
  sepay,
  setPromotion,
  siteAdmin,
  siteId,
} from '../../../test/payments.js';

/**
 * A provider's payment id names a payment of one site's account: another site that posts the same
 * ids to its own webhook (with its own key) must neither swallow nor see the first site's payment.
 */
const SITE_B = 'proxy-owner.localhost';
const KEY_B = 'site-b-own-bank-key';
const ACCOUNT_B = '0000000002';

let t: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
  await setPromotion(t, null);
  await setPromotion(t, null, SITE_B);
  await configureMethod(
    t,
    'bank',
    {
      enabled: true,
      webhookKey: KEY_B,
      bankName: 'B Bank',
      bin: '970416',
      accountNumber: ACCOUNT_B,
      accountName: 'SITE B',
    },
    SITE_B,
  );
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
});

describe('bank transfer ids are per site', () => {
  it('should credit site A the transfer whose id site B reserved first, and show site B none of it', async () => {
    const victim = await customer(t);
    const code = await codeBillOf(t, victim.id);
    // Site B's admin reserves the ten ids the bank is expected to use next.
    const reserved = Array.from({ length: 10 }, () => sepay('reserved', 10_000, { accountNumber: ACCOUNT_B }));
    for (const body of reserved) {
      const res = await postBank(t, body, KEY_B, SITE_B);
      expect(res.json()).toEqual({ success: true });
    }
    const siteB = await siteId(t, SITE_B);
    expect(await countRows(t, `topups where site_id = '${siteB}'`)).toBe(10);

    // The real transfers to site A's account arrive with those ids.
    for (const [i, r] of reserved.entries()) {
      const body = { ...sepay(`MBVCB.${i}.${code}.CT tu NGUYEN VAN A`, 100_000), id: r.id, referenceCode: 'FTREAL' };
      const res = await postBank(t, body);
      expect(res.json()).toEqual({ success: true });
    }
    expect(await balanceOf(t, victim.id)).toBe(1_000_000);
    const own = (await t.inject({ method: 'GET', url: '/api/log/list-topup?limit=50', token: victim.token })).json();
    expect(own.total).toBe(10);

    // A repeat of one on site A is still a duplicate there.
    const first = reserved[0]!;
    await postBank(t, { ...sepay(`${code}`, 100_000), id: first.id });
    expect(await balanceOf(t, victim.id)).toBe(1_000_000);

    // Site B's admin: its own ten reservations, nothing of site A's transfers.
    const adminB = await siteAdmin(t, SITE_B);
    const listB = await t.inject({
      method: 'GET',
      url: '/api/bill/admin/list-topup?limit=100',
      token: adminB.token,
      headers: { host: SITE_B },
    });
    expect(listB.statusCode).toBe(200);
    const text = JSON.stringify(listB.json());
    expect(listB.json().total).toBe(10);
    expect(text).not.toContain(code);
    expect(text).not.toContain('NGUYEN VAN A');
    expect(text).not.toContain(victim.email);
    for (const r of reserved) {
      const search = await t.inject({
        method: 'GET',
        url: `/api/bill/admin/list-topup?search=${r.id}`,
        token: adminB.token,
        headers: { host: SITE_B },
      });
      expect(search.json().items.map((i: { content: string }) => i.content)).toEqual([`SePay ${r.id}: reserved`]);
    }
  });

  it('should keep a duplicate a duplicate on the same site only', async () => {
    const a = await customer(t);
    const b = await customer(t, 0, SITE_B);
    const body = sepay(`${await codeBillOf(t, a.id)} ${await codeBillOf(t, b.id)}`, 50_000);
    expect((await postBank(t, body)).json()).toEqual({ success: true });
    expect((await postBank(t, body)).json()).toEqual({ success: true });
    expect(await balanceOf(t, a.id)).toBe(50_000);
    // The same id for site B's own account is site B's own payment.
    expect((await postBank(t, { ...body, accountNumber: ACCOUNT_B }, KEY_B, SITE_B)).json()).toEqual({ success: true });
    expect((await postBank(t, { ...body, accountNumber: ACCOUNT_B }, KEY_B, SITE_B)).json()).toEqual({ success: true });
    expect(await balanceOf(t, b.id)).toBe(50_000);
    expect(await balanceOf(t, a.id)).toBe(50_000);
    expect(await countRows(t, `topups where provider_txn_id = '${body.id}'`)).toBe(2);
  });
});
