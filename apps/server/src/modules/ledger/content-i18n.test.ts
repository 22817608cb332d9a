import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTopup, TTransaction } from '@proxy/contract';
import { build, createUser, customer, login, type TestApp } from '../../../test/helper.js';
import { BANK_KEY, codeBillOf, expectLedgerHolds, postBank, sepay, setPromotion } from '../../../test/payments.js';
import { runLifecycle } from '../../jobs/lifecycle.js';

/**
 * Ledger and top-up rows carry their description as a translation key too
 * (docs/wire-contract.md#translation-keys: contentI18n).
 */
let t: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
  await setPromotion(t, undefined);
});
afterAll(async () => {
  await expectLedgerHolds(t);
  await t.close();
});

const DAY = 24 * 3600_000;

async function transactions(token: string): Promise<TTransaction[]> {
  const res = await t.inject({ method: 'GET', url: '/api/log/list-transaction?limit=100', token });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: TTransaction[] }>().items;
}

async function topups(token: string): Promise<TTopup[]> {
  const res = await t.inject({ method: 'GET', url: '/api/log/list-topup', token });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: TTopup[] }>().items;
}

async function buyV4(token: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'VN', quantity: 2, period: { unit: 'day', value: 1 } },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ order: { id: string; code: string }; proxies: { id: string }[] }>();
}

describe('purchases and renewals', () => {
  it('should describe a retail purchase by key and parameters, keeping the English content', async () => {
    const c = await customer(t, 1_000_000);
    const { order } = await buyV4(c.token);
    const [row] = await transactions(c.token);
    expect(row).toMatchObject({
      type: 'buy_proxy_v4',
      content: `${order.code}: 2 × V4 VN, 1 day`,
      contentI18n: {
        key: 'buyRetail',
        params: { code: order.code, quantity: 2, product: 'v4', country: 'VN', period: { unit: 'day', value: 1 } },
      },
    });
  });

  it('should describe renewals of chosen proxies and of an expired order', async () => {
    const c = await customer(t, 1_000_000);
    const { order, proxies } = await buyV4(c.token);
    const renew = await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/renew-list-proxy',
      token: c.token,
      payload: { listProxyId: [proxies[0]!.id], period: { unit: 'week', value: 1 } },
    });
    expect(renew.statusCode).toBe(200);
    expect((await transactions(c.token))[0]!.contentI18n).toEqual({
      key: 'renewProxies',
      params: { count: 1, product: 'v4', period: { unit: 'week', value: 1 } },
    });

    t.clock.advance(9 * DAY);
    await c.relogin();
    await runLifecycle(t.ctx);
    const again = await t.inject({
      method: 'PUT',
      url: `/api/order/renew/${order.id}`,
      token: c.token,
      payload: { period: { unit: 'day', value: 3 } },
    });
    expect(again.statusCode, again.body).toBe(200);
    // The proxy not renewed before has been locked and released by now: one is left to renew.
    expect((await transactions(c.token))[0]!.contentI18n).toEqual({
      key: 'renewOrder',
      params: { code: order.code, count: 1, period: { unit: 'day', value: 3 } },
    });
  });
});

describe('top-ups', () => {
  it('should describe an announced bank top-up, its credit and its promotion bonus', async () => {
    const c = await customer(t);
    const code = await codeBillOf(t, c.id);
    const created = await t.inject({
      method: 'POST',
      url: '/api/user/bank-create-order',
      token: c.token,
      payload: { amount: 1_000_000 },
    });
    expect(created.statusCode).toBe(200);
    const described = { key: 'topupBank', params: { amount: 1_000_000, code } };
    expect(created.json()).toMatchObject({ content: `Bank transfer 1000000 VND (${code})`, contentI18n: described });

    await postBank(t, sepay(`${code} nap tien`, 1_000_000));
    expect((await topups(c.token))[0]).toMatchObject({ status: 'success', contentI18n: described });
    const rows = await transactions(c.token);
    expect(rows.find((r) => r.type === 'promotion')).toMatchObject({
      content: `Deposit promotion: Bank transfer 1000000 VND (${code})`,
      contentI18n: { key: 'promotion', params: { topup: described } },
    });
    expect(rows.find((r) => r.type !== 'promotion')?.contentI18n).toEqual(described);
  });

  it("should leave a bank transfer's own content untranslated, and name it in the promotion", async () => {
    const c = await customer(t);
    const code = await codeBillOf(t, c.id);
    await postBank(t, sepay(`ck ${code}`, 2_000_000));
    const [topup] = await topups(c.token);
    expect(topup!.contentI18n ?? null).toBeNull();
    expect(topup!.content).toContain(`ck ${code}`);
    const promotion = (await transactions(c.token)).find((r) => r.type === 'promotion');
    expect(promotion?.contentI18n).toEqual({ key: 'promotion', params: { text: topup!.content } });
  });

  it("should translate an admin's default texts but keep the admin's own note as written", async () => {
    const admin = await createUser(t, { role: 2 });
    const token = (await login(t, admin)).accessToken;
    const c = await customer(t);
    const put = (url: string, payload: object) => t.inject({ method: 'PUT', url, token, payload });
    expect((await put(`/api/user/admin/add-to-balance/${c.id}`, { amount: 5_000 })).statusCode).toBe(200);
    expect((await put(`/api/user/admin/refund/${c.id}`, { amount: 1_000 })).statusCode).toBe(200);
    expect(
      (await put(`/api/user/admin/add-to-balance/${c.id}`, { amount: 2_000, note: 'thưởng tháng 5' })).statusCode,
    ).toBe(200);
    const rows = await transactions(c.token);
    expect(rows.map((r) => [r.content, r.contentI18n ?? null])).toEqual([
      ['thưởng tháng 5', null],
      ['Refund', { key: 'refund', params: {} }],
      ['Admin top-up', { key: 'adminAdd', params: {} }],
    ]);
  });
});
