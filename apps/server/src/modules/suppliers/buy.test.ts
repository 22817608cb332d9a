import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import {
  balanceOf,
  build,
  buildSecondInstance,
  createUser,
  customer,
  ledgerMismatches,
  login,
  waitFor,
  type TestApp,
} from '../../../test/helper.js';
import { startFakeProxy6, type FakeProxy6 } from '../../../test/fakes/index.js';
import { nodeState } from '../node-protocol/node-state.js';
import { PROXY6_ERRORS } from './clients/proxy6.js';
import { processPurchase } from './index.js';
import { findSupplierById, proxy6Of } from './queries.js';

let t: TestApp;
let p6: FakeProxy6;
let admin: string;
let p6Id: string;
let listId: string;
const DAY_PRICE = 1000;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  t.inject({ method, url: `/api${url}`, token, payload });

beforeAll(async () => {
  // The fake's answers come within the timeout even on a busy machine; a held call outlasts it.
  t = await build({ SUPPLIER_TIMEOUT_MS: '2000' });
  p6 = await startFakeProxy6({ stock: { '4:mt': 100, '4:cy': 100 } });
  p6.hangMs = 6000;
  admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
  for (const [code, name] of [
    ['MT', 'Malta'],
    ['CY', 'Cyprus'],
  ]) {
    const res = await call('POST', '/country/v4/admin/create', {
      code,
      name,
      prices: [{ unit: 'day', price: DAY_PRICE, renewPrice: DAY_PRICE, quantityStep: 1 }],
    });
    expect(res.statusCode).toBe(200);
  }
  await call('PUT', '/setting/admin/update', { settings: { supplierRates: { RUB: 100 } } });
  p6Id = (
    await call('POST', '/supplier/admin/create', { kind: 'proxy6', name: 'P6', baseUrl: p6.url, apiKey: p6.apiKey })
  ).json().id;
  listId = (await call('POST', '/supplier/admin/create', { kind: 'list', name: 'Pool' })).json().id;
  await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id] });
});
afterAll(async () => {
  await p6.close();
  await t.close();
});

const buy = (token: string, country = 'MT', quantity = 2) =>
  t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country, quantity, period: { unit: 'day', value: 3 } },
  });

async function refundRows(userId: string): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(
    t.ctx.db,
    sql`select count(*) as n from transactions where user_id = ${userId} and type = 'refund'`,
  );
  return Number(r!.n);
}

async function intentOf(orderId: string) {
  const [r] = await queryRows<{ id: string; status: string; last_error: string | null }>(
    t.ctx.db,
    sql`select id, status, last_error from supplier_purchases where order_id = ${orderId}`,
  );
  return r!;
}

describe('buying a country routed to Proxy6', () => {
  it('should buy upstream once, deliver within the request and chain the node through it', async () => {
    const c = await customer(t, 100_000);
    const res = await buy(c.token);
    expect(res.statusCode).toBe(200);
    const { order, proxies } = res.json();
    expect(order.status).toBe('using');
    expect(proxies).toHaveLength(2);
    const it0 = await intentOf(order.id);
    expect(it0.status).toBe('delivered');
    const upstream = [...p6.proxies.values()].filter((p) => p.descr === it0.id);
    expect(upstream).toHaveLength(2);
    expect(proxies.map((p: { egressIp: string }) => p.egressIp).sort()).toEqual(upstream.map((p) => p.ip).sort());
    // Not a word of the upstream credentials in the customer's answer.
    for (const u of upstream) {
      expect(res.body).not.toContain(u.pass);
      expect(res.body).not.toContain(u.user);
    }
    expect(await balanceOf(t, c.id)).toBe(100_000 - 2 * 3 * DAY_PRICE);
    // The node state carries the upstream of each, credentials included, for the node only.
    const [node] = await queryRows<{ node_id: string }>(
      t.ctx.db,
      sql`select node_id from proxies where id = ${proxies[0].id}`,
    );
    const state = await nodeState(t.ctx, node!.node_id);
    const mine = state.proxies.filter((p) => proxies.some((x: { id: string }) => x.id === p.id));
    expect(mine.map((p) => p.upstream?.password).sort()).toEqual(upstream.map((u) => u.pass).sort());
    // Cost: 2 RUB a day × 4 days (3 days and the 24-hour safety margin) at 100 coins per RUB.
    const day = new Date().toISOString().slice(0, 10);
    const margin = (await call('GET', `/stats/admin/margin?from=${day}&to=${day}`)).json();
    const mineMargin = margin.bySupplier.find((s: { supplierId: string }) => s.supplierId === p6Id);
    expect(mineMargin).toMatchObject({ proxies: 2, revenue: 6000, cost: 1600, margin: 4400 });
    // The balance Proxy6 answered with the buy is on the admin's grid without a sync.
    const listed = (await call('GET', '/supplier/admin/list')).json<{ id: string; balance: number | null }[]>();
    expect(listed.find((s) => s.id === p6Id)?.balance).toBe(p6.balance);
    // An answer with the same balance leaves the row as it was (its row version unchanged).
    const row = (await findSupplierById(t.ctx.db, p6Id))!;
    const version = () =>
      queryRows<{ v: string }>(t.ctx.db, sql`select xmin::text as v from suppliers where id = ${p6Id}`);
    const unchanged = await version();
    await proxy6Of(t.ctx, row).account();
    expect(await version()).toEqual(unchanged);
    p6.balance -= 1;
    await proxy6Of(t.ctx, row).account();
    expect(await version()).not.toEqual(unchanged);
    expect((await findSupplierById(t.ctx.db, p6Id))?.balance).toBe(p6.balance);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should refund once and record the supplier’s words for every documented error', async () => {
    for (const id of Object.keys(PROXY6_ERRORS).map(Number)) {
      p6.fault('buy', { kind: 'error', errorId: id });
      const c = await customer(t, 50_000);
      const res = await buy(c.token);
      expect(res.json().order.status, String(id)).toBe('cancelled');
      expect(await balanceOf(t, c.id)).toBe(50_000);
      expect(await refundRows(c.id)).toBe(1);
      expect((await intentOf(res.json().order.id)).last_error).toContain(`error_id ${id}`);
    }
    const s = (await call('GET', '/supplier/admin/list')).json().find((x: { id: string }) => x.id === p6Id);
    expect(s.events.some((e: { message: string }) => e.message.startsWith('ADMIN_ERROR'))).toBe(true);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should refund an HTML answer, another country and fewer proxies than paid, deleting what came', async () => {
    for (const fault of [
      { kind: 'html' as const, status: 502 },
      { kind: 'wrong-country' as const, country: 'cy' },
      { kind: 'short' as const, count: 1 },
    ]) {
      // An HTML answer is unknown: it is asked again (three times) before the next source.
      p6.fault('buy', fault, fault.kind === 'html' ? 3 : 1);
      const c = await customer(t, 50_000);
      const res = await buy(c.token);
      let order = res.json().order;
      for (let i = 0; order.status === 'waiting' && i < 5; i++) {
        await processPurchase(t.ctx, (await intentOf(order.id)).id);
        order = (await call('GET', `/order/detail/${order.id}`, undefined, c.token)).json();
      }
      const it0 = await intentOf(res.json().order.id);
      expect(it0.status, fault.kind).toBe('failed');
      expect(await balanceOf(t, c.id)).toBe(50_000);
      expect(await refundRows(c.id)).toBe(1);
      expect([...p6.proxies.values()].filter((p) => p.descr === it0.id)).toEqual([]);
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should find a purchase whose answer was lost instead of buying twice, even with two workers racing', async () => {
    p6.fault('buy', { kind: 'hang-after' });
    const c = await customer(t, 50_000);
    const res = await buy(c.token);
    expect(res.json().order.status).toBe('waiting');
    const it0 = await intentOf(res.json().order.id);
    await new Promise<void>((resolve) => {
      const poll = () => ([...p6.proxies.values()].some((p) => p.descr === it0.id) ? resolve() : setTimeout(poll, 20));
      poll();
    });
    const other = await buildSecondInstance(t);
    try {
      await Promise.all([processPurchase(t.ctx, it0.id), processPurchase(other.ctx, it0.id)]);
    } finally {
      await other.close();
    }
    expect((await intentOf(res.json().order.id)).status).toBe('delivered');
    expect([...p6.proxies.values()].filter((p) => p.descr === it0.id)).toHaveLength(2);
    expect(p6.calls.filter((x) => x.method === 'buy' && x.params.descr === it0.id)).toHaveLength(1);
    const [n] = await queryRows<{ n: string | number }>(
      t.ctx.db,
      sql`select count(*) as n from proxies where order_id = ${res.json().order.id}`,
    );
    expect(Number(n!.n)).toBe(2);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should refund once and alert when what was bought finds no free port on our nodes', async () => {
    // Paid, then bought upstream (its answer lost), then every node is out of service.
    p6.fault('buy', { kind: 'hang-after' });
    const c = await customer(t, 50_000);
    const res = await buy(c.token);
    expect(res.json().order.status).toBe('waiting');
    const it0 = await intentOf(res.json().order.id);
    await waitFor(() => [...p6.proxies.values()].some((p) => p.descr === it0.id));
    const nodes = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`update nodes set status = 'disabled' where status = 'active' returning id`,
    );
    expect(nodes.length).toBeGreaterThan(0);
    try {
      // Each try finds the purchase (never buying again) and no port; then the order is refunded.
      for (let i = 0; i < 8 && (await intentOf(res.json().order.id)).status !== 'failed'; i++) {
        await processPurchase(t.ctx, it0.id);
      }
    } finally {
      for (const n of nodes) {
        await t.ctx.db.execute(sql`update nodes set status = 'active' where id = ${n.id}`);
      }
    }
    const after = await intentOf(res.json().order.id);
    expect(after.status).toBe('failed');
    expect(after.last_error).toContain('no free port');
    const order = (await call('GET', `/order/detail/${res.json().order.id}`, undefined, c.token)).json();
    expect(order.status).toBe('cancelled');
    expect(await balanceOf(t, c.id)).toBe(50_000);
    expect(await refundRows(c.id)).toBe(1);
    expect(p6.calls.filter((x) => x.method === 'buy' && x.params.descr === it0.id)).toHaveLength(1);
    const alerts = await queryRows<{ message: string }>(
      t.ctx.db,
      sql`select message from supplier_events where supplier_id = ${p6Id} and alert = 'purchase_failed'
          and message like ${`%${order.code}%`}`,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain('no free port');
    // Another try of the ended intent changes nothing.
    await processPurchase(t.ctx, it0.id);
    expect(await refundRows(c.id)).toBe(1);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should let no other worker buy while a call is on its way, however long it takes', async () => {
    // This worker's calls may take 30 s (its timeout): its lease must outlive one.
    const slow = await buildSecondInstance(t, { SUPPLIER_TIMEOUT_MS: '30000' });
    let release = () => undefined as void;
    p6.fault('buy', { kind: 'hold', until: new Promise<void>((resolve) => (release = resolve)) });
    try {
      const c = await customer(t, 50_000);
      const before = p6.calls.length;
      const pending = slow.inject({
        method: 'POST',
        url: '/api/v4-proxy/buy-retail',
        token: c.token,
        payload: { country: 'MT', quantity: 2, period: { unit: 'day', value: 3 } },
      });
      await waitFor(() => p6.calls.slice(before).some((x) => x.method === 'buy'));
      const intentId = p6.calls.slice(before).find((x) => x.method === 'buy')!.params.descr!;
      // A minute later by another instance's clock, the call still on its way: nobody takes over.
      t.clock.advance(61_000);
      await processPurchase(t.ctx, intentId);
      release();
      const res = await pending;
      expect(res.statusCode, res.body).toBe(200);
      await waitFor(async () => (await intentOf(res.json().order.id)).status === 'delivered');
      expect(p6.calls.filter((x) => x.method === 'buy' && x.params.descr === intentId)).toHaveLength(1);
      const [n] = await queryRows<{ n: string | number }>(
        t.ctx.db,
        sql`select count(*) as n from proxies where order_id = ${res.json().order.id}`,
      );
      expect(Number(n!.n)).toBe(2);
      expect(await balanceOf(t, c.id)).toBe(50_000 - 2 * 3 * DAY_PRICE);
    } finally {
      release();
      await slow.close();
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should record a cost a coin column holds, whatever price Proxy6 answers', async () => {
    for (const [price, cost] of [
      [-50, 0],
      [1e20, 2_147_483_647],
    ]) {
      p6.fault('buy', { kind: 'price', price: price! });
      const c = await customer(t, 50_000);
      const res = await buy(c.token, 'MT', 1);
      expect(res.json().order.status, String(price)).toBe('using');
      const rows = await queryRows<{ cost: number }>(
        t.ctx.db,
        sql`select u.cost from upstream_proxies u join supplier_purchases i on i.id = u.intent_id
            where i.order_id = ${res.json().order.id}`,
      );
      expect(rows, String(price)).toEqual([{ cost }]);
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should hand over to the next source when Proxy6 is out of money', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86400_000).toISOString();
    const lines = '127.0.0.3:9001:a1:b1\n127.0.0.3:9002:a2:b2';
    await call('POST', `/supplier/admin/add-lines/${listId}`, {
      lines,
      country: 'MT',
      protocol: 'socks5',
      expiresAt,
      cost: 500,
    });
    await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id, listId] });
    // The catalogue counts the route's sources: Proxy6's last count for MT and the two pasted lines.
    const suppliersNow: { id: string; stock: { country: string; count: number }[] }[] = (
      await call('GET', '/supplier/admin/list')
    ).json();
    const p6Count = suppliersNow.find((x) => x.id === p6Id)!.stock.find((x) => x.country === 'MT')!.count;
    expect(p6Count).toBeGreaterThan(0);
    const listed = (await call('GET', '/country/v4/list-country')).json();
    expect(listed.find((x: { code: string }) => x.code === 'MT')).toMatchObject({
      stock: p6Count + 2,
      available: true,
    });
    p6.fault('buy', { kind: 'error', errorId: 400 });
    const c = await customer(t, 50_000);
    const res = await buy(c.token);
    expect(res.json().order.status).toBe('using');
    expect(res.json().proxies.map((p: { egressIp: string }) => p.egressIp)).toEqual(['127.0.0.3', '127.0.0.3']);
    expect(await refundRows(c.id)).toBe(0);
    // The pool is now used up: with Proxy6 refusing too, the next purchase is refunded.
    p6.fault('buy', { kind: 'error', errorId: 400 });
    const c2 = await customer(t, 50_000);
    expect((await buy(c2.token)).json().order.status).toBe('cancelled');
    expect(await refundRows(c2.id)).toBe(1);
    expect(await balanceOf(t, c2.id)).toBe(50_000);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should give a cancelled order’s pool proxy back to the pool and retire its Proxy6 one', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86400_000).toISOString();
    await call('POST', `/supplier/admin/add-lines/${listId}`, {
      lines: '127.0.0.3:9003:a3:b3',
      country: 'CY',
      protocol: 'socks5',
      expiresAt,
    });
    await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'CY', sources: [listId] });
    const upstreamOf = async (orderId: string) =>
      queryRows<{ status: string; kind: string }>(
        t.ctx.db,
        sql`select u.status, s.kind from upstream_proxies u join suppliers s on s.id = u.supplier_id
            join proxies p on p.id = u.proxy_id where p.order_id = ${orderId}`,
      );
    const first = await customer(t, 50_000);
    const pooled = (await buy(first.token, 'CY', 1)).json().order;
    expect(pooled.status).toBe('using');
    // The pool's one line serves it: the next customer finds none.
    const second = await customer(t, 50_000);
    const none = await buy(second.token, 'CY', 1);
    expect(none.json()).toMatchObject({ message: 'NOT_ENOUGT_PROXY', data: { available: 0 } });
    expect((await call('PUT', `/order/admin/cancel/${pooled.id}`, { amount: 0 })).statusCode).toBe(200);
    const third = await customer(t, 50_000);
    const next = (await buy(third.token, 'CY', 1)).json();
    expect(next.order.status).toBe('using');
    expect(next.proxies[0].egressIp).toBe('127.0.0.3');

    await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'CY', sources: [p6Id] });
    const fourth = await customer(t, 50_000);
    const bought = (await buy(fourth.token, 'CY', 1)).json().order;
    expect(bought.status).toBe('using');
    expect(await upstreamOf(bought.id)).toEqual([{ status: 'serving', kind: 'proxy6' }]);
    expect((await call('PUT', `/order/admin/cancel/${bought.id}`, { amount: 0 })).statusCode).toBe(200);
    // Bought for that customer alone: no pool's stock, and no health check buys it a replacement.
    expect(await upstreamOf(bought.id)).toEqual([]);
    const [retired] = await queryRows<{ status: string; proxy_id: string | null }>(
      t.ctx.db,
      sql`select u.status, u.proxy_id from upstream_proxies u join supplier_purchases i on i.id = u.intent_id
          where i.order_id = ${bought.id}`,
    );
    expect(retired).toEqual({ status: 'retired', proxy_id: null });
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
