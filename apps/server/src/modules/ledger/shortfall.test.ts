import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, customer, fund, ledgerMismatches, type TestApp } from '../../../test/helper.js';
import { runLifecycle } from '../../jobs/lifecycle.js';
import { activeAgency, B, registerMember } from '../../../test/agency.js';

/**
 * docs/wire-contract.md#errors: every charge the balance cannot cover answers NOT_ENOUGH_MONEY
 * with `{price, balance, short}`. Each case leaves the user with a short balance, checks the
 * data, then tops up exactly `short` and repeats the call: it must now pass and leave 0 coins,
 * which proves `price` and `short` are the real figures, not estimates.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;
const period = { unit: 'day', value: 1 };

type Customer = Awaited<ReturnType<typeof customer>>;
interface Call {
  method: 'POST' | 'PUT';
  url: string;
  payload: object;
  host?: string;
}

/** Takes the balance down to `left` coins through the ledger. */
async function leave(c: { id: string }, left: number) {
  const now = await balanceOf(t, c.id);
  if (now !== left) {
    await fund(t, c.id, left - now);
  }
}

async function expectShortfallThenPass(c: Customer, call: Call, left: number) {
  await leave(c, left);
  const send = () => t.inject({ ...call, token: c.token, headers: call.host ? { host: call.host } : {} });
  const refused = await send();
  expect([refused.statusCode, refused.json().message], refused.body).toEqual([400, 'NOT_ENOUGH_MONEY']);
  const data = refused.json().data as { price: number; balance: number; short: number };
  expect(data).toEqual({ price: expect.any(Number), balance: left, short: data.price - left });
  expect(data.short).toBeGreaterThan(0);
  expect(await balanceOf(t, c.id)).toBe(left);

  await fund(t, c.id, data.short);
  const passed = await send();
  expect(passed.statusCode, passed.body).toBe(200);
  expect(await balanceOf(t, c.id)).toBe(0);
}

async function buyV4(c: Customer) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token: c.token,
    payload: { country: 'VN', quantity: 2, period },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: { id: string }; proxies: { id: string }[] }>();
}

async function expiredV4Order(c: Customer) {
  await fund(t, c.id, 1_000_000);
  const bought = await buyV4(c);
  t.clock.advance(DAY + 1000);
  await c.relogin();
  await runLifecycle(t.ctx);
  return bought.order.id;
}

async function keyPackageId() {
  return (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0].id as string;
}

describe('NOT_ENOUGH_MONEY carries {price, balance, short} (docs/wire-contract.md#errors)', () => {
  it.each(['v6', 'v4'])('should say what is missing on a %s retail purchase', async (product) => {
    const c = await customer(t);
    const call: Call = {
      method: 'POST',
      url: `/api/${product}-proxy/buy-retail`,
      payload: { country: 'VN', quantity: product === 'v6' ? 50 : 2, period },
    };
    await expectShortfallThenPass(c, call, 1_000);
  });

  it('should say what is missing on an empty balance (balance 0)', async () => {
    const c = await customer(t);
    const call: Call = {
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      payload: { country: 'VN', quantity: 1, period },
    };
    await expectShortfallThenPass(c, call, 0);
  });

  it('should say what is missing on a package and a key package', async () => {
    const list = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' })).json();
    const starter = list.find((p: { name: string }) => p.name === 'Starter').id as string;
    await expectShortfallThenPass(
      await customer(t),
      { method: 'POST', url: `/api/v4-proxy/buy-package/${starter}`, payload: { country: 'VN' } },
      7,
    );
    await expectShortfallThenPass(
      await customer(t),
      {
        method: 'POST',
        url: `/api/key/buy-key-package/${await keyPackageId()}`,
        payload: { country: 'VN', quantity: 2 },
      },
      7,
    );
  });

  it('should say what is missing on renewing an expired order, one or a list', async () => {
    const c = await customer(t);
    const one = await expiredV4Order(c);
    await expectShortfallThenPass(c, { method: 'PUT', url: `/api/order/renew/${one}`, payload: { period } }, 500);
    const d = await customer(t);
    const listed = await expiredV4Order(d);
    await expectShortfallThenPass(
      d,
      { method: 'PUT', url: '/api/order/renew-list-order', payload: { listOrderId: [listed], period } },
      500,
    );
  });

  it('should say what is missing on renewing proxies and keys, and on adding proxies to an order', async () => {
    const c = await customer(t, 1_000_000);
    const { order, proxies } = await buyV4(c);
    await expectShortfallThenPass(
      c,
      {
        method: 'PUT',
        url: '/api/v4-proxy/renew-list-proxy',
        payload: { listProxyId: proxies.map((p) => p.id), period },
      },
      10,
    );
    await expectShortfallThenPass(
      c,
      { method: 'PUT', url: `/api/order/increase-amount/${order.id}`, payload: { amount: 1 } },
      10,
    );

    await fund(t, c.id, 1_000_000);
    const bought = await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${await keyPackageId()}`,
      token: c.token,
      payload: { country: 'VN', quantity: 1 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const keyId = bought.json().keys[0].id as string;
    await expectShortfallThenPass(
      c,
      { method: 'PUT', url: '/api/key/renew-list-key', payload: { listKeyId: [keyId], period } },
      3,
    );
  });

  it('should say what is missing on an agency transfer', async () => {
    const { owner, code } = await activeAgency(t, 10, 5_000);
    const member = await registerMember(t, code);
    await expectShortfallThenPass(
      owner,
      { method: 'POST', url: '/api/agency/transfer', payload: { email: member.email, amount: 12_000 }, host: B },
      5_000,
    );
  });

  it('should keep every balance equal to its ledger', async () => {
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
