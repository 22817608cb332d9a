import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, countRows, type TestApp } from '../../../test/helper.js';
import {
  startFakeBytepay,
  startFakeMomo,
  startFakePaypal,
  startFakePerfectMoney,
  startFakeStripe,
  startFakeTazapay,
  type FakeStripe,
} from '../../../test/fakes/index.js';
import { BANK_KEY, configureMethod, expectLedgerHolds } from '../../../test/payments.js';
import { canonicalJson } from './providers/http.js';

/**
 * Whatever arrives at a webhook — no body, `null`, an array, a scalar, 6,000-deep JSON, fields of
 * the wrong type — gets a 4xx of its provider's protocol and changes nothing; never a 5xx.
 */
let t: TestApp;
let stripe: FakeStripe;
const fakes: { close(): Promise<void> }[] = [];
const IPN_SECRET = 'bp_ipn_fake_secret';

beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
  const started = {
    bytepay: await startFakeBytepay({ ipnSecret: IPN_SECRET }),
    momo: await startFakeMomo(),
    paypal: await startFakePaypal(),
    perfectmoney: await startFakePerfectMoney(),
    card: (stripe = await startFakeStripe({ now: () => t.clock.nowMs() })),
    tazapay: await startFakeTazapay(),
  };
  for (const [method, fake] of Object.entries(started)) {
    fakes.push(fake);
    await configureMethod(t, method as keyof typeof started, { enabled: true, ...fake.config });
  }
});
afterAll(async () => {
  for (const f of fakes) {
    await f.close();
  }
  await t.close();
});

const deep = (n: number, open: string, close: string, inner = '1') => open.repeat(n) + inner + close.repeat(n);

/** Raw bodies, each with the content type it is sent with (undefined: no body at all). */
const BODIES: [string, string | undefined, string | undefined][] = [
  ['no body', undefined, undefined],
  ['empty json', '', 'application/json'],
  ['null', 'null', 'application/json'],
  ['array', '[1,2,3]', 'application/json'],
  ['string', '"hello"', 'application/json'],
  ['number', '42', 'application/json'],
  ['true', 'true', 'application/json'],
  ['deep array', deep(6000, '[', ']'), 'application/json'],
  ['deep object', deep(6000, '{"a":', '}'), 'application/json'],
  [
    'wrong types',
    '{"id":{"x":1},"status":[1],"order_id":5,"price_amount":{},"data":"x","resource":7}',
    'application/json',
  ],
  ['empty form', '', 'application/x-www-form-urlencoded'],
  ['text', 'hello', 'text/plain'],
];

const ROUTES = [
  '/api/webhook/bank',
  '/api/webhook/bytepay',
  '/api/webhook/paypal',
  '/api/webhook/card',
  '/api/webhook/tazapay',
  '/api/webhook/perfectmoney',
  '/api/webhook/momo',
  '/api/user/perfect-money-complete-payment',
];

function post(url: string, payload: string | undefined, type: string | undefined, extra: Record<string, string> = {}) {
  return t.inject({
    method: 'POST',
    url,
    headers: { authorization: `Apikey ${BANK_KEY}`, ...(type ? { 'content-type': type } : {}), ...extra },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('webhooks with malformed bodies', () => {
  it('should answer every malformed body with a 4xx and write nothing', async () => {
    const before = { topups: await countRows(t, 'topups'), txs: await countRows(t, 'transactions') };
    const fivexx: string[] = [];
    let requests = 0;
    for (const url of ROUTES) {
      for (const [name, payload, type] of BODIES) {
        const res = await post(url, payload, type);
        requests++;
        if (res.statusCode >= 500 || res.statusCode < 400) {
          fivexx.push(`${url} ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(fivexx).toEqual([]);
    expect(requests).toBe(ROUTES.length * BODIES.length);
    expect(await countRows(t, 'topups')).toBe(before.topups);
    expect(await countRows(t, 'transactions')).toBe(before.txs);
    await expectLedgerHolds(t);
  });

  it('should refuse a correctly signed bytepay IPN that is not an order object with 400 PAYMENT_ERROR', async () => {
    const sign = (body: unknown) => createHmac('sha256', IPN_SECRET).update(canonicalJson(body)).digest('hex');
    const bodies: unknown[] = [
      null,
      [],
      [{ id: 'bp_1', status: 'finished' }],
      'finished',
      7,
      { id: 5, status: 'finished', order_id: 5, price_amount: {}, payment_id: [] },
      { id: 'bp_1', status: { s: 'finished' } },
    ];
    for (const body of bodies) {
      const res = await post('/api/webhook/bytepay', JSON.stringify(body), 'application/json', {
        'x-bytepay-signature': sign(body),
      });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe('PAYMENT_ERROR');
    }
    expect(await countRows(t, 'transactions')).toBe(0);
  });

  it('should refuse a correctly signed Stripe event that is not an object with 400 PAYMENT_ERROR', async () => {
    for (const raw of ['null', '[]', '7', '"checkout.session.completed"']) {
      const res = await post('/api/webhook/card', raw, 'application/json', { 'stripe-signature': stripe.sign(raw) });
      expect(res.statusCode, `${raw}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe('PAYMENT_ERROR');
    }
    expect(await countRows(t, 'transactions')).toBe(0);
  });
});
