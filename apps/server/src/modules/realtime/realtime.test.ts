import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, buildSecondInstance, customer, type TestApp } from '../../../test/helper.js';
import {
  BANK_KEY,
  codeBillOf,
  configureMethod,
  expectLedgerHolds,
  postBank,
  sepay,
  setPromotion,
} from '../../../test/payments.js';
import { connectSse } from '../../../test/sse.js';

let a: TestApp;
let b: TestApp;
let urlA: string;
beforeAll(async () => {
  a = await build();
  b = await buildSecondInstance(a);
  // The key lives in the site's settings, which every instance reads.
  await configureMethod(a, 'bank', { webhookKey: BANK_KEY });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  await setPromotion(a, undefined);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const waitFor = async (cond: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) {
      throw new Error('timed out');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('GET /api/events', () => {
  it('should refuse a stream without a valid token', async () => {
    const sse = await connectSse(`${urlA}/api/events?access_token=nope`);
    expect(sse.status).toBe(401);
  });

  it('should tell a browser on instance A of a top-up credited by a webhook posted to instance B', async () => {
    const c = await customer(a);
    const code = await codeBillOf(a, c.id);
    const sse = await connectSse(`${urlA}/api/events?access_token=${c.token}`);
    try {
      expect(sse.status).toBe(200);
      const res = await postBank(b, sepay(`ck ${code}`, 1_000_000));
      expect(res.json()).toEqual({ success: true });
      const success = await sse.next('topup.success');
      expect(success.data).toMatchObject({ amount: 1_000_000, bonus: 100_000, balance: 1_100_000 });
      const balances = [await sse.next('balance.changed'), await sse.next('balance.changed')];
      expect(balances.map((e) => (e.data as { balance: number }).balance).sort()).toEqual([1_000_000, 1_100_000]);
    } finally {
      sse.close();
    }
    await expectLedgerHolds(a);
  });

  it('should take the token from the Authorization header too, and send nothing of other users', async () => {
    const c = await customer(a);
    const other = await customer(a);
    const sse = await connectSse(`${urlA}/api/events`, { authorization: `Bearer ${c.token}` });
    try {
      await postBank(b, sepay(await codeBillOf(a, other.id), 50_000));
      await postBank(a, sepay(await codeBillOf(a, c.id), 60_000));
      const e = await sse.next('topup.success');
      expect(e.data).toMatchObject({ amount: 60_000, balance: 60_000 });
      expect(sse.events.filter((x) => x.event === 'topup.success')).toHaveLength(0);
    } finally {
      sse.close();
    }
  });

  it('should not announce a balance change that was rolled back', async () => {
    const c = await customer(a);
    const sse = await connectSse(`${urlA}/api/events?access_token=${c.token}`);
    try {
      // Too poor to buy: the debit is refused and its transaction rolled back.
      const buy = await a.inject({
        method: 'POST',
        url: '/api/v4-proxy/buy-retail',
        token: c.token,
        payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 } },
      });
      expect(buy.json().message).toBe('NOT_ENOUGH_MONEY');
      await postBank(b, sepay(await codeBillOf(a, c.id), 20_000));
      const first = await sse.next('balance.changed');
      expect(first.data).toEqual({ balance: 20_000 });
    } finally {
      sse.close();
    }
  });

  it('should forget a stream when the browser goes away', async () => {
    const c = await customer(a);
    const before = a.app.events.size;
    const sse = await connectSse(`${urlA}/api/events?access_token=${c.token}`);
    expect(a.app.events.size).toBe(before + 1);
    sse.close();
    await waitFor(() => a.app.events.size === before);
  });
});
