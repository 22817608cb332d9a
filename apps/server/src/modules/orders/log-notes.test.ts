import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { runAutoRenew } from '../../jobs/auto-renew.js';
import { build, customer, type TestApp } from '../../../test/helper.js';
import { BANK_KEY, codeBillOf, postBank, sepay, siteAdmin } from '../../../test/payments.js';

/** Texts the server writes for people: English `note`/`heldReason`, plus a stored key and parameters. */
let t: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
});
afterAll(async () => {
  await t.close();
});

type Customer = Awaited<ReturnType<typeof customer>>;

async function buy(c: Customer, quantity: number, autoRenew = false) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token: c.token,
    payload: { country: 'SG', quantity, period: { unit: 'day', value: 1 }, autoRenew },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ order: { id: string }; proxies: { id: string; expiresAt: string }[] }>();
}

async function history(c: Customer, orderId: string) {
  const res = await t.inject({ method: 'GET', url: `/api/order/bill-order?orderId=${orderId}`, token: c.token });
  expect(res.statusCode).toBe(200);
  return res.json<{ action: string; result: string; note: string; noteI18n?: unknown }[]>();
}

async function stored(orderId: string) {
  return queryRows<{ action: string; note: string; note_i18n: unknown }>(
    t.ctx.db,
    sql`select action, note, note_i18n from order_logs where order_id = ${orderId} order by created_at, action`,
  );
}

describe('order-log notes', () => {
  it('should store and return a renewal note as a key and parameters beside the English text', async () => {
    const c = await customer(t, 1_000_000);
    const { order, proxies } = await buy(c, 2);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/renew-list-proxy',
      token: c.token,
      payload: { listProxyId: proxies.map((p) => p.id), period: { unit: 'day', value: 2 } },
    });
    expect(res.statusCode).toBe(200);
    const renew = (await history(c, order.id)).find((l) => l.action === 'renew');
    const i18n = { key: 'renewProxies', params: { count: 2, period: { unit: 'day', value: 2 } } };
    expect(renew).toMatchObject({ result: 'success', note: '2 proxies: 2 day', noteI18n: i18n });
    expect((await stored(order.id)).find((r) => r.action === 'renew')?.note_i18n).toEqual(i18n);
    // The purchase's note is free text (none here): no translatable form.
    expect((await history(c, order.id)).find((l) => l.action === 'buy')?.noteI18n).toBeNull();
  });

  it('should keep the error code of a failed increase as a parameter', async () => {
    const c = await customer(t, 3_000);
    const { order } = await buy(c, 1);
    const res = await t.inject({
      method: 'PUT',
      url: `/api/order/increase-amount/${order.id}`,
      token: c.token,
      payload: { amount: 5 },
    });
    expect(res.json().message).toBe('NOT_ENOUGH_MONEY');
    const failed = (await history(c, order.id)).find((l) => l.action === 'increase_amount');
    expect(failed).toMatchObject({
      result: 'fail',
      note: expect.stringMatching(/^\+5, \d+ h: NOT_ENOUGH_MONEY$/),
      noteI18n: {
        key: 'increaseAmount',
        params: { quantity: 5, hours: expect.any(Number), error: 'NOT_ENOUGH_MONEY' },
      },
    });
  });

  it('should write auto-renew’s failure as a key with the error code', async () => {
    const c = await customer(t, 3_000);
    const { order, proxies } = await buy(c, 1, true);
    t.clock.advance(new Date(proxies[0]!.expiresAt).getTime() - 30 * 60_000 - t.clock.nowMs());
    await c.relogin();
    await runAutoRenew(t.ctx);
    const failed = (await history(c, order.id)).find((l) => l.action === 'renew');
    expect(failed).toMatchObject({
      result: 'fail',
      note: 'auto: NOT_ENOUGH_MONEY',
      noteI18n: { key: 'autoRenewFailed', params: { error: 'NOT_ENOUGH_MONEY' } },
    });
  });
});

describe('held reasons', () => {
  it('should store and return why a bank transfer is held as a key and parameters', async () => {
    const admin = await siteAdmin(t);
    const c = await customer(t);
    const code = await codeBillOf(t, c.id);
    expect((await postBank(t, sepay('NAP NOBODY', 50_000))).statusCode).toBe(200);
    expect((await postBank(t, sepay(`pay ${code}`, 50_000, { accountNumber: '999' }))).statusCode).toBe(200);
    const list = await t.inject({
      method: 'GET',
      url: '/api/bill/admin/list-topup?held=1&limit=100',
      token: admin.token,
    });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { heldReason: string; heldReasonI18n: unknown; userId: string | null }[];
    expect(items.find((i) => i.userId === null)).toMatchObject({
      heldReason: 'unmatched',
      heldReasonI18n: { key: 'unmatched', params: {} },
    });
    expect(items.find((i) => i.userId === c.id)).toMatchObject({
      heldReason: 'payee 999 instead of 0000000001',
      heldReasonI18n: { key: 'payee', params: { got: '999', expected: '0000000001' } },
    });
    const rows = await queryRows<{ held_reason_i18n: unknown }>(
      t.ctx.db,
      sql`select held_reason_i18n from topups where user_id = ${c.id}`,
    );
    expect(rows).toEqual([{ held_reason_i18n: { key: 'payee', params: { got: '999', expected: '0000000001' } } }]);
  });
});
