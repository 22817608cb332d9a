import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, customer, ledgerMismatches, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function packageId(product: 'v4' | 'v6', name: string) {
  const list = (await t.inject({ method: 'GET', url: `/api/${product}-package/get-all-package` })).json();
  return list.find((p: { name: string }) => p.name === name).id as string;
}
const buy = (token: string, product: 'v4' | 'v6', id: string, country: string, key?: string) =>
  t.inject({
    method: 'POST',
    url: `/api/${product}-proxy/buy-package/${id}`,
    token,
    headers: key ? { 'idempotency-key': key } : {},
    payload: { country },
  });
const status = async (token: string) =>
  (await t.inject({ method: 'GET', url: '/api/order/package-status', token })).json();

describe('a paid package over a trial', () => {
  it('should sell the paid package, end the trial at once and charge exactly its price', async () => {
    const c = await customer(t, 1_000_000);
    const trial = await buy(c.token, 'v4', await packageId('v4', 'Trial'), 'US');
    expect(trial.statusCode).toBe(200);
    const trialOrder = trial.json().order;
    expect(await status(c.token)).toEqual({
      usedTrial: true,
      plan: {
        orderId: trialOrder.id,
        code: trialOrder.code,
        packageName: 'Trial',
        packageNameEng: null,
        isTrial: true,
      },
    });
    const before = await balanceOf(t, c.id);

    const paid = await buy(c.token, 'v4', await packageId('v4', 'Starter'), 'SG');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order).toMatchObject({ type: 'package', packageName: 'Starter', status: 'using' });
    expect(await balanceOf(t, c.id)).toBe(before - 120_000);

    // The trial's order is over and its proxies no longer work nor can be renewed.
    const ended = (await t.inject({ method: 'GET', url: `/api/order/detail/${trialOrder.id}`, token: c.token })).json();
    expect(ended.status).toBe('expired');
    expect(new Date(ended.expiresAt).getTime()).toBeLessThanOrEqual(t.clock.nowMs());
    const list = (
      await t.inject({ method: 'GET', url: `/api/v4-proxy/list-proxy-me?orderId=${trialOrder.id}`, token: c.token })
    ).json();
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((p: { status: string }) => p.status === 'locked')).toBe(true);
    const renew = await t.inject({
      method: 'PUT',
      url: `/api/order/renew/${trialOrder.id}`,
      token: c.token,
      payload: {},
    });
    expect(renew.json().message).toBe('ORDER_EXPIRED');
    expect(await balanceOf(t, c.id)).toBe(before - 120_000);

    expect(await status(c.token)).toEqual({
      usedTrial: true,
      plan: {
        orderId: paid.json().order.id,
        code: paid.json().order.code,
        packageName: 'Starter',
        packageNameEng: null,
        isTrial: false,
      },
    });
    // The paid package holds the slot: neither another package nor a second trial.
    expect((await buy(c.token, 'v6', await packageId('v6', 'IPv6 Basic'), 'VN')).json().message).toBe(
      'ALREADY_CREATE_PLAN',
    );
    expect((await buy(c.token, 'v4', await packageId('v4', 'Trial'), 'US')).json().message).toBe('ALREADY_USE_TRIAL');
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should keep the trial when the paid package cannot be paid for', async () => {
    const c = await customer(t, 7_200);
    const trial = await buy(c.token, 'v4', await packageId('v4', 'Trial'), 'US');
    expect(trial.statusCode).toBe(200);
    const res = await buy(c.token, 'v4', await packageId('v4', 'Starter'), 'SG');
    expect(res.json().message).toBe('NOT_ENOUGH_MONEY');
    const order = (
      await t.inject({ method: 'GET', url: `/api/order/detail/${trial.json().order.id}`, token: c.token })
    ).json();
    expect(order.status).toBe('using');
    expect((await status(c.token)).plan.isTrial).toBe(true);
  });

  it('should sell one paid package to 10 concurrent calls over a trial, and charge once', async () => {
    const c = await customer(t, 10_000_000);
    expect((await buy(c.token, 'v4', await packageId('v4', 'Trial'), 'US')).statusCode).toBe(200);
    const before = await balanceOf(t, c.id);
    const starter = await packageId('v4', 'Starter');
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(c.token, 'v4', starter, 'SG')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().message)).toEqual(
      Array(9).fill('ALREADY_CREATE_PLAN'),
    );
    expect(await balanceOf(t, c.id)).toBe(before - 120_000);
    // A repeat with the same Idempotency-Key answers the first order.
    const key = randomUUID();
    const d = await customer(t, 10_000_000);
    await buy(d.token, 'v4', await packageId('v4', 'Trial'), 'US');
    const a = await buy(d.token, 'v4', starter, 'SG', key);
    const b = await buy(d.token, 'v4', starter, 'SG', key);
    expect(b.json().order.id).toBe(a.json().order.id);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should answer package-status per user', async () => {
    const a = await customer(t, 1_000_000);
    const b = await customer(t, 1_000_000);
    await buy(a.token, 'v4', await packageId('v4', 'Starter'), 'SG');
    expect((await status(a.token)).plan.packageName).toBe('Starter');
    expect(await status(b.token)).toEqual({ usedTrial: false, plan: null });
    expect((await t.inject({ method: 'GET', url: '/api/order/package-status' })).statusCode).toBe(401);
  });
});
