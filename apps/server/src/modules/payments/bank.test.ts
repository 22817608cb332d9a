import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, countRows, createUser, customer, login, type TestApp } from '../../../test/helper.js';
import {
  BANK_KEY,
  codeBillOf,
  configureMethod,
  expectLedgerHolds,
  postBank,
  sepay,
  setPromotion,
} from '../../../test/payments.js';
import { codeBillCandidates } from './bank.js';
import { crc16ccitt } from './vietqr.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
  // Promotions are tested on their own; here a transfer credits exactly its amount.
  await setPromotion(t, null);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
});

async function admin(role = 2, host = 'localhost') {
  const u = await createUser(t, { role, host });
  return { ...u, token: (await login(t, u, host)).accessToken };
}

describe('GET /api/bill/get-bill', () => {
  it('should give a fixed codeBill, the bank account, a VietQR with the code and only the enabled methods', async () => {
    const c = await customer(t);
    const first = await t.inject({ method: 'GET', url: '/api/bill/get-bill', token: c.token });
    expect(first.statusCode).toBe(200);
    const bill = first.json();
    expect(bill.codeBill).toMatch(/^NAP[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    expect(bill.bank).toEqual({
      bankName: 'Demo Bank (simulator)',
      bin: '970416',
      accountNumber: '0000000001',
      accountName: 'PROXY PANEL DEMO',
    });
    expect(bill.qrPayload).toContain(`0809${bill.codeBill}`);
    expect(bill.qrPayload).toContain('010211');
    expect(bill.qrPayload.slice(-4)).toBe(crc16ccitt(bill.qrPayload.slice(0, -4)));
    expect(bill.methods).toEqual([{ method: 'bank', currency: 'VND', minAmount: 10_000, step: 1 }]);
    expect(bill.simulator).toBe(true);
    const again = await t.inject({ method: 'GET', url: '/api/bill/get-bill?amount=50000', token: c.token });
    expect(again.json().codeBill).toBe(bill.codeBill);
    expect(again.json().qrPayload).toContain('010212');
    expect(again.json().qrPayload).toContain('540550000');
  });

  it('should list a method once the site enables it', async () => {
    const c = await customer(t, 0, 'proxy-owner.localhost');
    await configureMethod(
      t,
      'momo',
      { enabled: true, partnerCode: 'MOMOTEST', accessKey: 'ak', secretKey: 'sk' },
      'proxy-owner.localhost',
    );
    const res = await t.inject({
      method: 'GET',
      url: '/api/bill/get-bill',
      token: c.token,
      headers: { host: 'proxy-owner.localhost' },
    });
    expect(res.json().methods.map((m: { method: string }) => m.method)).toEqual(['bank', 'momo']);
  });
});

describe('codeBill in a transfer content', () => {
  it('should find codes anywhere, in any case, next to bank text', () => {
    expect(codeBillCandidates('MBVCB.3312.nap7kq2mx.CT tu 0123')).toEqual(['NAP7KQ2MX']);
    expect(codeBillCandidates('NAPNAP7KQ2MXX')).toContain('NAP7KQ2MX');
    expect(codeBillCandidates('chuyen tien')).toEqual([]);
  });
});

describe('POST /api/webhook/bank', () => {
  it('should credit whoever owns the code in the content, once, and answer {success:true}', async () => {
    const c = await customer(t);
    const code = await codeBillOf(t, c.id);
    const body = sepay(`MBVCB.123456.${code.toLowerCase()}.CT tu NGUYEN VAN A`, 150_000);
    const res = await postBank(t, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await balanceOf(t, c.id)).toBe(150_000);
    // The same delivery again: the same answer, no second credit.
    const again = await postBank(t, body);
    expect(again.json()).toEqual({ success: true });
    expect(await balanceOf(t, c.id)).toBe(150_000);

    const topups = (await t.inject({ method: 'GET', url: '/api/log/list-topup', token: c.token })).json();
    expect(topups).toMatchObject({ total: 1, page: 1, limit: 25, totalPage: 1 });
    expect(topups.items[0]).toMatchObject({ method: 'bank', amount: 150_000, bonus: 0, status: 'success' });
    const txs = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json();
    expect(txs.items[0]).toMatchObject({ type: 'topup', amount: 150_000, balanceBefore: 0 });
  });

  it('should credit 50 concurrent identical deliveries once', async () => {
    const c = await customer(t);
    const body = sepay(`NAP ${await codeBillOf(t, c.id)}`, 200_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => postBank(t, body)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await balanceOf(t, c.id)).toBe(200_000);
    expect(await countRows(t, `topups where provider_txn_id = '${body.id}'`)).toBe(1);
  });

  // 50 deliveries in flight at a time, each user's five transfers in the same batch, so a lost
  // update between two concurrent credits of one user shows as a wrong balance.
  it('should credit 250 distinct transfers for 50 users exactly', { timeout: 90_000 }, async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => createUser(t)));
    const codes = await Promise.all(users.map((u) => codeBillOf(t, u.id)));
    const expected = new Map<string, number>();
    const bodies = Array.from({ length: 250 }, (_, i) => {
      const k = Math.floor(i / 5);
      const amount = 10_000 + i * 7;
      expected.set(users[k]!.id, (expected.get(users[k]!.id) ?? 0) + amount);
      return sepay(`${codes[k]} nap tien ${i}`, amount);
    });
    for (let i = 0; i < bodies.length; i += 50) {
      const batch = await Promise.all(bodies.slice(i, i + 50).map((b) => postBank(t, b)));
      expect(batch.every((r) => r.statusCode === 200)).toBe(true);
    }
    for (const u of users) {
      expect(await balanceOf(t, u.id)).toBe(expected.get(u.id));
    }
  });

  it('should refuse a missing or wrong key, or another site, with 401 and write nothing', async () => {
    const c = await customer(t);
    const body = sepay(await codeBillOf(t, c.id), 100_000);
    const before = await countRows(t, 'topups');
    for (const res of [
      await postBank(t, body, null),
      await postBank(t, body, 'wrong-key-wrong-key'),
      await t.inject({
        method: 'POST',
        url: '/api/webhook/bank',
        headers: { authorization: `Bearer ${BANK_KEY}` },
        payload: body,
      }),
      // The demo site has no key of its own, and BANK_WEBHOOK_KEY is the default site's.
      await postBank(t, body, BANK_KEY, 'proxy-owner.localhost'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    expect(await countRows(t, 'topups')).toBe(before);
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should refuse tampered amounts and credit nothing', async () => {
    const c = await customer(t);
    const code = await codeBillOf(t, c.id);
    const before = await countRows(t, 'topups');
    for (const transferAmount of [0, -50_000, 1.5, '100000', null, 1e15]) {
      const res = await postBank(t, { ...sepay(code, 1), transferAmount });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
    }
    expect(await countRows(t, 'topups')).toBe(before);
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should not credit money going out', async () => {
    const c = await customer(t);
    const res = await postBank(t, sepay(await codeBillOf(t, c.id), 100_000, { transferType: 'out' }));
    expect(res.json()).toEqual({ success: true });
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it('should keep a transfer naming nobody for an admin, who gives it to the user it was meant for', async () => {
    const c = await customer(t);
    const body = sepay('chuyen tien mua proxy', 120_000);
    expect((await postBank(t, body)).json()).toEqual({ success: true });
    const a = await admin();
    const list = await t.inject({ method: 'GET', url: '/api/bill/admin/list-topup?held=1', token: a.token });
    const item = list.json().items.find((i: { providerTxnId: string }) => i.providerTxnId === String(body.id));
    expect(item).toMatchObject({
      userId: null,
      status: 'pending',
      held: true,
      heldReason: 'unmatched',
      amount: 120_000,
    });
    // A replay does not make a second one.
    await postBank(t, body);
    expect(await countRows(t, `topups where provider_txn_id = '${body.id}'`)).toBe(1);

    const assign = await t.inject({
      method: 'PUT',
      url: `/api/bill/admin/topup/${item.id}`,
      token: a.token,
      payload: { userId: c.id, note: 'phoned in' },
    });
    expect(assign.statusCode).toBe(200);
    expect(assign.json()).toMatchObject({ status: 'success', userId: c.id, email: c.email, held: false });
    expect(await balanceOf(t, c.id)).toBe(120_000);
    const twice = await t.inject({
      method: 'PUT',
      url: `/api/bill/admin/topup/${item.id}`,
      token: a.token,
      payload: { userId: c.id },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('PAYMENT_ALREADY_DONE');
    expect(await balanceOf(t, c.id)).toBe(120_000);
  });

  it('should hold a transfer to another account, and one under the minimum', async () => {
    const c = await customer(t);
    const code = await codeBillOf(t, c.id);
    await postBank(t, sepay(code, 100_000, { accountNumber: '999999999' }));
    await postBank(t, sepay(code, 5_000));
    expect(await balanceOf(t, c.id)).toBe(0);
    const list = (await t.inject({ method: 'GET', url: '/api/log/list-topup', token: c.token })).json();
    expect(list.items.map((i: { held: boolean; status: string }) => [i.held, i.status])).toEqual([
      [true, 'pending'],
      [true, 'pending'],
    ]);
  });

  it('should settle the top-up the user announced for that amount', async () => {
    const c = await customer(t);
    const created = await t.inject({
      method: 'POST',
      url: '/api/user/bank-create-order',
      token: c.token,
      payload: { amount: 300_000 },
    });
    expect(created.statusCode).toBe(200);
    const topup = created.json();
    expect(topup).toMatchObject({ method: 'bank', status: 'pending', amount: 300_000, currency: 'VND' });
    expect(topup.instructions.qrPayload).toContain('5406300000');
    await postBank(t, sepay(`${await codeBillOf(t, c.id)} ck`, 300_000));
    const list = (await t.inject({ method: 'GET', url: '/api/log/list-topup', token: c.token })).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: topup.id, status: 'success' });
    expect(await balanceOf(t, c.id)).toBe(300_000);
  });

  it('should limit a user to 30 new top-ups per 10 minutes', async () => {
    const c = await customer(t);
    const create = () =>
      t.inject({ method: 'POST', url: '/api/user/bank-create-order', token: c.token, payload: { amount: 10_000 } });
    for (let i = 0; i < 30; i++) {
      expect((await create()).statusCode).toBe(200);
    }
    const res = await create();
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('TOO_MANY_REQUEST');
  });

  it('should refuse an announced top-up under 10,000 coins', async () => {
    const c = await customer(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/bank-create-order',
      token: c.token,
      payload: { amount: 9_999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'BANKING_AMOUNT_NOT_ENOUGH', data: { minAmount: 10_000 } });
  });
});

describe('PUT /api/bill/admin/topup/:id', () => {
  async function pendingTopup(host = 'localhost') {
    const c = await customer(t, 0, host);
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/bank-create-order',
      token: c.token,
      headers: { host },
      payload: { amount: 50_000 },
    });
    return { c, id: res.json().id as string };
  }

  it('should let an admin of the site mark a pending top-up paid, as an admin top-up', async () => {
    const { c, id } = await pendingTopup();
    const a = await admin();
    const res = await t.inject({ method: 'PUT', url: `/api/bill/admin/topup/${id}`, token: a.token, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'success', amount: 50_000 });
    expect(await balanceOf(t, c.id)).toBe(50_000);
    const txs = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json();
    expect(txs.items[0]).toMatchObject({ type: 'admin_topup', amount: 50_000 });
  });

  it('should refuse customers (403) and admins of another site (404), and change nothing', async () => {
    const { c, id } = await pendingTopup();
    const other = await admin(2, 'proxy-owner.localhost');
    const customerRes = await t.inject({
      method: 'PUT',
      url: `/api/bill/admin/topup/${id}`,
      token: c.token,
      payload: {},
    });
    expect(customerRes.statusCode).toBe(403);
    const otherRes = await t.inject({
      method: 'PUT',
      url: `/api/bill/admin/topup/${id}`,
      token: other.token,
      headers: { host: 'proxy-owner.localhost' },
      payload: {},
    });
    expect(otherRes.statusCode).toBe(404);
    expect(otherRes.json().message).toBe('PAYMENT_NOT_EXISTS');
    const list = await t.inject({
      method: 'GET',
      url: '/api/bill/admin/list-topup?limit=500',
      token: other.token,
      headers: { host: 'proxy-owner.localhost' },
    });
    expect(list.json().items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect(await balanceOf(t, c.id)).toBe(0);
  });

  it("should refuse a site admin's mark paid for himself, a peer admin or the owner (403), and let the owner credit them", async () => {
    const a = await admin();
    const peer = await admin();
    const owner = await admin(0);
    const announce = async (u: { token: string }) => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/user/bank-create-order',
        token: u.token,
        payload: { amount: 50_000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as string;
    };
    const own = await announce(a);
    const peers = await announce(peer);
    const owners = await announce(owner);
    // An unmatched transfer, which a site admin may give to a customer only.
    const body = sepay('chuyen khoan khong ma', 60_000);
    await postBank(t, body);
    const unmatched = (
      await t.inject({ method: 'GET', url: '/api/bill/admin/list-topup?held=1&limit=500', token: a.token })
    )
      .json()
      .items.find((i: { providerTxnId: string }) => i.providerTxnId === String(body.id)).id as string;
    const rows = await countRows(t, 'transactions');
    const markPaid = (token: string, id: string, payload: Record<string, unknown> = {}) =>
      t.inject({ method: 'PUT', url: `/api/bill/admin/topup/${id}`, token, payload });
    for (const [id, payload] of [
      [own, {}],
      [peers, {}],
      [owners, {}],
      [unmatched, { userId: a.id }],
      [unmatched, { userId: owner.id }],
    ] as const) {
      const res = await markPaid(a.token, id, payload);
      expect(res.statusCode, `${id} ${JSON.stringify(payload)}`).toBe(403);
      expect(res.json()).toEqual({ message: 'FORBIDDEN' });
    }
    for (const u of [a, peer, owner]) {
      expect(await balanceOf(t, u.id)).toBe(0);
    }
    expect(await countRows(t, 'transactions')).toBe(rows);
    expect(await countRows(t, `topups where id in ('${own}', '${peers}', '${owners}') and status = 'pending'`)).toBe(3);

    for (const id of [own, peers, owners]) {
      const res = await markPaid(owner.token, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'success', amount: 50_000 });
    }
    const given = await markPaid(owner.token, unmatched, { userId: a.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(await balanceOf(t, a.id)).toBe(110_000);
    expect(await balanceOf(t, peer.id)).toBe(50_000);
    expect(await balanceOf(t, owner.id)).toBe(50_000);
  });

  /** The customer's announced 50,000, marked paid by an admin before its transfer arrived. */
  async function markedPaidTopup() {
    const { c, id } = await pendingTopup();
    const a = await admin();
    const paid = await t.inject({ method: 'PUT', url: `/api/bill/admin/topup/${id}`, token: a.token, payload: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceOf(t, c.id)).toBe(50_000);
    return { c, a, id, code: await codeBillOf(t, c.id) };
  }

  const heldOf = async (a: { token: string }, sepayId: number) =>
    (await t.inject({ method: 'GET', url: '/api/bill/admin/list-topup?held=1&limit=500', token: a.token }))
      .json()
      .items.find((i: { providerTxnId: string }) => i.providerTxnId === String(sepayId));

  it('should hold, not credit again, the transfer of a top-up an admin already marked paid', async () => {
    const { c, a, id, code } = await markedPaidTopup();
    // SePay delivers the transfer the admin saw in the bank: it cannot be told from a second one.
    const body = sepay(`${code} ck`, 50_000);
    const res = await postBank(t, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await balanceOf(t, c.id)).toBe(50_000);
    expect(await countRows(t, `transactions where user_id = '${c.id}' and amount > 0`)).toBe(1);
    const held = await heldOf(a, body.id);
    expect(held).toMatchObject({ userId: c.id, status: 'pending', held: true, amount: 50_000 });
    expect(held.heldReason).toContain(id);
    expect(held.heldReasonI18n).toEqual({ key: 'markedPaid', params: { at: expect.any(String) } });
    // A replay is the same transfer: nothing more.
    expect((await postBank(t, body)).json()).toEqual({ success: true });
    expect(await balanceOf(t, c.id)).toBe(50_000);
    expect(await countRows(t, `transactions where user_id = '${c.id}' and amount > 0`)).toBe(1);
    expect(await countRows(t, `topups where provider_txn_id = '${body.id}'`)).toBe(1);
    // Was it a genuine second payment, the admin credits it.
    const pay = await t.inject({ method: 'PUT', url: `/api/bill/admin/topup/${held.id}`, token: a.token, payload: {} });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(await balanceOf(t, c.id)).toBe(100_000);
  });

  it('should credit a second transfer of that amount once one is held against the marked-paid top-up', async () => {
    const { c, a, code } = await markedPaidTopup();
    const first = sepay(`${code} ck`, 50_000);
    await postBank(t, first);
    expect((await heldOf(a, first.id))?.held).toBe(true);
    const second = sepay(`${code} lan 2`, 50_000);
    expect((await postBank(t, second)).json()).toEqual({ success: true });
    expect(await balanceOf(t, c.id)).toBe(100_000);
    expect(await countRows(t, `topups where provider_txn_id = '${second.id}' and status = 'success'`)).toBe(1);
    expect(await heldOf(a, second.id)).toBeUndefined();
  });

  it('should hold one of two concurrent transfers against one marked-paid top-up, and credit the other', async () => {
    const { c, a, code } = await markedPaidTopup();
    const bodies = [sepay(`${code} a`, 50_000), sepay(`${code} b`, 50_000)];
    await Promise.all(bodies.map((b) => postBank(t, b)));
    expect(await balanceOf(t, c.id)).toBe(100_000);
    const held = await Promise.all(bodies.map((b) => heldOf(a, b.id)));
    expect(held.filter(Boolean)).toHaveLength(1);
  });

  it('should let an admin reject a held payment', async () => {
    const c = await customer(t);
    await postBank(t, sepay(await codeBillOf(t, c.id), 100_000, { accountNumber: '42' }));
    const a = await admin();
    const held = (await t.inject({ method: 'GET', url: '/api/bill/admin/list-topup?held=1&limit=500', token: a.token }))
      .json()
      .items.find((i: { userId: string }) => i.userId === c.id);
    const res = await t.inject({ method: 'PUT', url: `/api/bill/admin/topup/${held.id}/reject`, token: a.token });
    expect(res.json()).toMatchObject({ status: 'failed' });
    const pay = await t.inject({ method: 'PUT', url: `/api/bill/admin/topup/${held.id}`, token: a.token, payload: {} });
    expect(pay.statusCode).toBe(409);
    expect(await balanceOf(t, c.id)).toBe(0);
  });
});

describe('POST /api/bill/admin/bank-simulate', () => {
  it('should credit a simulated transfer through the webhook path while the site has no real account', async () => {
    const c = await customer(t);
    const a = await admin();
    const res = await t.inject({
      method: 'POST',
      url: '/api/bill/admin/bank-simulate',
      token: a.token,
      payload: { content: `ck ${await codeBillOf(t, c.id)}`, amount: 70_000 },
    });
    expect(res.json()).toEqual({ ok: true, outcome: 'credited' });
    expect(await balanceOf(t, c.id)).toBe(70_000);
    const forbidden = await t.inject({
      method: 'POST',
      url: '/api/bill/admin/bank-simulate',
      token: c.token,
      payload: { content: 'x', amount: 70_000 },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it("should refuse a site admin's simulated transfer to himself, a peer admin or the owner (403), and let the owner's credit", async () => {
    const a = await admin();
    const peer = await admin();
    const owner = await admin(0);
    const simulate = async (token: string, userId: string, amount: number) =>
      t.inject({
        method: 'POST',
        url: '/api/bill/admin/bank-simulate',
        token,
        payload: { content: `ck ${await codeBillOf(t, userId)}`, amount },
      });
    // An announced top-up, which a matching transfer would settle.
    const announced = await t.inject({
      method: 'POST',
      url: '/api/user/bank-create-order',
      token: a.token,
      payload: { amount: 80_000 },
    });
    expect(announced.statusCode).toBe(200);
    const topups = await countRows(t, 'topups');
    const rows = await countRows(t, 'transactions');
    for (const [u, amount] of [
      [a, 80_000],
      [a, 70_000],
      // Held (under the minimum), it would still be a top-up of his to credit later.
      [a, 5_000],
      [peer, 70_000],
      [owner, 70_000],
    ] as const) {
      const res = await simulate(a.token, u.id, amount);
      expect(res.statusCode, `${u.email} ${amount}`).toBe(403);
      expect(res.json()).toEqual({ message: 'FORBIDDEN' });
    }
    for (const u of [a, peer, owner]) {
      expect(await balanceOf(t, u.id)).toBe(0);
    }
    expect(await countRows(t, 'topups')).toBe(topups);
    expect(await countRows(t, 'transactions')).toBe(rows);
    expect(await countRows(t, `topups where id = '${announced.json().id}' and status = 'pending'`)).toBe(1);

    const byOwner = await simulate(owner.token, a.id, 80_000);
    expect(byOwner.json()).toEqual({ ok: true, outcome: 'credited' });
    expect(await balanceOf(t, a.id)).toBe(80_000);
    expect(await countRows(t, `topups where id = '${announced.json().id}' and status = 'success'`)).toBe(1);
  });
});

describe('GET /api/bill/admin/list-topup', () => {
  it("should show a site admin the customers' and unmatched top-ups only, and the owner all of them", async () => {
    const c = await customer(t);
    const a = await admin();
    const peer = await admin();
    const owner = await admin(0);
    const ids = new Map<string, string>();
    for (const [name, u] of [
      ['customer', c],
      ['admin', a],
      ['peer', peer],
      ['owner', owner],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/user/bank-create-order',
        token: u.token,
        payload: { amount: 40_000 },
      });
      expect(res.statusCode).toBe(200);
      ids.set(name, res.json().id);
    }
    const body = sepay('khong ai ca', 90_000);
    await postBank(t, body);
    const listed = async (token: string, query = '') => {
      const res = await t.inject({ method: 'GET', url: `/api/bill/admin/list-topup?limit=500${query}`, token });
      expect(res.statusCode).toBe(200);
      return res.json<{
        total: number;
        items: { id: string; userId: string | null; providerTxnId: string | null }[];
      }>();
    };
    const seen = (await listed(a.token)).items;
    expect(seen.map((i) => i.id)).toContain(ids.get('customer'));
    expect(seen.some((i) => i.providerTxnId === String(body.id) && i.userId === null)).toBe(true);
    for (const name of ['admin', 'peer', 'owner']) {
      expect(
        seen.map((i) => i.id),
        name,
      ).not.toContain(ids.get(name));
    }
    // Asking by user, or searching by address, shows nothing more.
    for (const u of [a, peer, owner]) {
      expect((await listed(a.token, `&userId=${u.id}`)).total, u.email).toBe(0);
      expect((await listed(a.token, `&search=${encodeURIComponent(u.email)}`)).total, u.email).toBe(0);
    }
    expect((await listed(a.token, `&userId=${c.id}`)).total).toBe(1);
    const all = (await listed(owner.token)).items.map((i) => i.id);
    expect(all).toEqual(expect.arrayContaining([...ids.values()]));
  });
});
