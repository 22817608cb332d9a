import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { balanceOf, build, createUser, customer, ledgerMismatches, login, type TestApp } from '../../../test/helper.js';
import { startFakeProxy6, type FakeProxy6, type FakeProxy6Proxy, type Proxy6Fault } from '../../../test/fakes/index.js';
import { addDayCountries, addProxy6, addProxy6AndList } from '../../../test/suppliers.js';
import { processPurchase } from './index.js';

// The ways a supplier misbehaves that buy.test.ts does not script: a call that times out without
// doing anything, throttling (429, and the 503 older Proxy6 documentation names), a sync answered
// with HTML or nothing, and pasted lines that are wrong in every way. Each ends in a clear state,
// with the customer's money whole and nothing bought twice.

let t: TestApp;
let p6: FakeProxy6;
let admin: string;
let p6Id: string;
let listId: string;
const DAY_PRICE = 1000;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  t.inject({ method, url: `/api${url}`, token, payload });

beforeAll(async () => {
  // Long enough that a busy machine does not time out a call the fake answers at once.
  t = await build({ SUPPLIER_TIMEOUT_MS: '2000' });
  p6 = await startFakeProxy6({ stock: { '4:mt': 100 } });
  p6.hangMs = 6000;
  admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
  await addDayCountries(call, [['MT', 'Malta']], DAY_PRICE);
  ({ p6Id, listId } = await addProxy6AndList(call, p6));
  await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id] });
  // Migrating a fresh database takes a minute or more when the shared machine is busy.
}, 240_000);
afterAll(async () => {
  await p6.close();
  await t.close();
});

const buy = (token: string) =>
  t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'MT', quantity: 2, period: { unit: 'day', value: 3 } },
  });

async function intentOf(orderId: string) {
  const [r] = await queryRows<{ id: string; status: string; last_error: string | null }>(
    t.ctx.db,
    sql`select id, status, last_error from supplier_purchases where order_id = ${orderId}`,
  );
  return r!;
}

async function countWhere(q: ReturnType<typeof sql>): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(t.ctx.db, q);
  return Number(r!.n);
}

/** Buys, then works the order's intent as the job would until it is no longer waiting. */
async function buyAndSettle(token: string) {
  const res = await buy(token);
  expect(res.statusCode, res.body).toBe(200);
  const orderId: string = res.json().order.id;
  let status: string = res.json().order.status;
  for (let i = 0; status === 'waiting' && i < 6; i++) {
    await processPurchase(t.ctx, (await intentOf(orderId)).id);
    status = (await call('GET', `/order/detail/${orderId}`, undefined, token)).json().status;
  }
  return { orderId, status, intent: await intentOf(orderId) };
}

describe('a supplier that does not answer as it should', () => {
  it('should retry a buy that timed out, find nothing bought, and buy exactly once', async () => {
    p6.fault('buy', { kind: 'hang' });
    const c = await customer(t, 50_000);
    const { orderId, status, intent } = await buyAndSettle(c.token);
    expect(status).toBe('using');
    expect(intent.status).toBe('delivered');
    // The retry asked getproxy for the intent's purchase before buying again.
    const calls = p6.calls.filter((x) => x.params.descr === intent.id).map((x) => x.method);
    expect(calls.slice(0, 3)).toEqual(['buy', 'getproxy', 'buy']);
    expect([...p6.proxies.values()].filter((p) => p.descr === intent.id)).toHaveLength(2);
    expect(await countWhere(sql`select count(*) as n from proxies where order_id = ${orderId}`)).toBe(2);
    expect(await balanceOf(t, c.id)).toBe(50_000 - 2 * 3 * DAY_PRICE);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should refund once when every attempt times out, and name the timeout', async () => {
    p6.fault('buy', { kind: 'hang' }, 3);
    const c = await customer(t, 50_000);
    const { status, intent } = await buyAndSettle(c.token);
    expect(status).toBe('cancelled');
    expect(intent.status).toBe('failed');
    expect(intent.last_error).toMatch(/timeout/i);
    expect(await balanceOf(t, c.id)).toBe(50_000);
    expect(
      await countWhere(sql`select count(*) as n from transactions where user_id = ${c.id} and type = 'refund'`),
    ).toBe(1);
    expect([...p6.proxies.values()].filter((p) => p.descr === intent.id)).toEqual([]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should wait out throttling (429, 503) and a 5xx, then deliver once', async () => {
    for (const fault of [
      { kind: 'http', status: 429 },
      { kind: 'http', status: 503 },
      { kind: 'http', status: 500 },
    ] satisfies Proxy6Fault[]) {
      p6.fault('buy', fault);
      const c = await customer(t, 50_000);
      const { status, intent } = await buyAndSettle(c.token);
      expect(status, String(fault.status)).toBe('using');
      // Refused, then asked again.
      const buys = p6.calls.filter((x) => x.method === 'buy' && x.params.descr === intent.id);
      expect(buys.length, String(fault.status)).toBeGreaterThanOrEqual(2);
      expect([...p6.proxies.values()].filter((p) => p.descr === intent.id)).toHaveLength(2);
      expect(await balanceOf(t, c.id)).toBe(50_000 - 2 * 3 * DAY_PRICE);
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should look up what a second source bought before buying from it again', async () => {
    // The first source refuses, the second buys but its answer is lost.
    const second = await startFakeProxy6({ apiKey: 'p6-second-key-0123456789', stock: { '4:mt': 100 } });
    second.hangMs = 6000;
    try {
      const secondId = await addProxy6(call, second, 'P6 second');
      await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id, secondId] });
      p6.fault('buy', { kind: 'error', errorId: 200 });
      second.fault('buy', { kind: 'hang-after' });
      const c = await customer(t, 50_000);
      const { orderId, status, intent } = await buyAndSettle(c.token);
      expect(status).toBe('using');
      expect(second.calls.filter((x) => x.method === 'buy' && x.params.descr === intent.id)).toHaveLength(1);
      expect([...second.proxies.values()].filter((p) => p.descr === intent.id)).toHaveLength(2);
      expect(await countWhere(sql`select count(*) as n from proxies where order_id = ${orderId}`)).toBe(2);
      expect(await balanceOf(t, c.id)).toBe(50_000 - 2 * 3 * DAY_PRICE);
    } finally {
      await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id] });
      await second.close();
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should refund once and deliver nothing when Proxy6 answers proxies that cannot be served', async () => {
    for (const [name, edit] of [
      ['an end time past any date', (p: { unixtime_end: number }) => (p.unixtime_end = 1e13)],
      ['an exit address that is no address', (p: { ip: string }) => (p.ip = 'not-an-ip')],
      ['one proxy twice', (p: { user: string }) => (p.user = 'same-user')],
      ['a host with a path', (p: { host: string }) => (p.host = 'proxy.example/x')],
    ] as [string, (p: FakeProxy6Proxy) => void][]) {
      p6.fault('buy', { kind: 'mangle', edit });
      const c = await customer(t, 50_000);
      const { orderId, status, intent } = await buyAndSettle(c.token);
      expect(status, name).toBe('cancelled');
      expect(intent.status, name).toBe('failed');
      expect(await balanceOf(t, c.id), name).toBe(50_000);
      expect(
        await countWhere(sql`select count(*) as n from transactions where user_id = ${c.id} and type = 'refund'`),
        name,
      ).toBe(1);
      expect(await countWhere(sql`select count(*) as n from proxies where order_id = ${orderId}`), name).toBe(0);
      expect(
        await countWhere(
          sql`select count(*) as n from upstream_proxies where intent_id = ${intent.id} and status <> 'retired'`,
        ),
        name,
      ).toBe(0);
      expect(
        p6.calls.filter((x) => x.method === 'buy' && x.params.descr === intent.id),
        name,
      ).toHaveLength(1);
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should buy nothing for a waiting order an admin cancelled', async () => {
    p6.fault('buy', { kind: 'hang' });
    const c = await customer(t, 50_000);
    const res = await buy(c.token);
    expect(res.json().order.status).toBe('waiting');
    const orderId: string = res.json().order.id;
    const cancelled = await call('PUT', `/order/admin/cancel/${orderId}`, { amount: 2 * 3 * DAY_PRICE });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const intent = await intentOf(orderId);
    await processPurchase(t.ctx, intent.id);
    expect((await intentOf(orderId)).status).toBe('failed');
    // The one buy is the unanswered one, which bought nothing.
    expect(p6.calls.filter((x) => x.method === 'buy' && x.params.descr === intent.id)).toHaveLength(1);
    expect([...p6.proxies.values()].filter((p) => p.descr === intent.id)).toEqual([]);
    expect(await balanceOf(t, c.id)).toBe(50_000);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should mark a sync answered with HTML, an error or nothing as the supplier’s error, never a 5xx', async () => {
    for (const [fault, words] of [
      [{ kind: 'html', status: 200 }, /HTML|not JSON|answer/i],
      [{ kind: 'error', errorId: 105 }, /Error ip \(error_id 105\)/],
      [{ kind: 'hang' }, /timeout/i],
    ] as [Proxy6Fault, RegExp][]) {
      // The sync's first call (the balance, which the client reads from getcountry) meets the fault.
      p6.fault('getcountry', fault, 3);
      const res = await call('POST', `/supplier/admin/sync/${p6Id}`);
      expect(res.statusCode, fault.kind).toBe(200);
      expect(res.json().status, fault.kind).toBe('error');
      expect(res.json().lastError, fault.kind).toMatch(words);
      p6.clearFaults();
    }
  });
});

describe('pasted lines', () => {
  const expiresAt = () => new Date(Date.now() + 30 * 86400_000).toISOString();

  it('should name every bad line: ports out of range, missing credentials, duplicates in one paste and across pastes', async () => {
    const lines = [
      '198.51.100.1:8001:u1:p1',
      '198.51.100.1:0:u2:p2',
      '198.51.100.1:65536:u3:p3',
      '198.51.100.1:80a:u4:p4',
      '198.51.100.1:8005:u5',
      '198.51.100.1:8006:u6:',
      'u7@198.51.100.1:8007',
      '198.51.100.1:8001:u1:p1',
      '  ',
      'socks5://u8:p8@198.51.100.1:8008',
    ].join('\n');
    const res = await call('POST', `/supplier/admin/add-lines/${listId}`, {
      lines,
      country: 'MT',
      protocol: 'socks5',
      expiresAt: expiresAt(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.added).toBe(2);
    expect(body.duplicates).toBe(1);
    expect(body.invalid).toEqual([
      '198.51.100.1:0:u2:p2',
      '198.51.100.1:65536:u3:p3',
      '198.51.100.1:80a:u4:p4',
      '198.51.100.1:8005:u5',
      '198.51.100.1:8006:u6:',
      'u7@198.51.100.1:8007',
    ]);
    // The same proxy written another way is the same line.
    const again = await call('POST', `/supplier/admin/add-lines/${listId}`, {
      lines: 'u1:p1@198.51.100.1:8001\nhttp://u8:p8@198.51.100.1:8008',
      country: 'MT',
      protocol: 'socks5',
      expiresAt: expiresAt(),
    });
    expect(again.json()).toMatchObject({ added: 0, duplicates: 2, invalid: [] });
    const s = (await call('GET', '/supplier/admin/list')).json().find((x: { id: string }) => x.id === listId);
    expect(s.stock).toEqual([{ product: 'v4', country: 'MT', count: 2 }]);
  });

  it('should refuse a paste that is not a request at all with a clear code, writing nothing', async () => {
    const before = await countWhere(sql`select count(*) as n from upstream_proxies where supplier_id = ${listId}`);
    for (const payload of [
      { lines: '198.51.100.2:8001:u:p', country: 'Malta', protocol: 'socks5', expiresAt: expiresAt() },
      { lines: '198.51.100.2:8001:u:p', country: 'MT', protocol: 'ftp', expiresAt: expiresAt() },
      { lines: '198.51.100.2:8001:u:p', country: 'MT', protocol: 'http', expiresAt: 'tomorrow' },
    ]) {
      const res = await call('POST', `/supplier/admin/add-lines/${listId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    }
    // Nothing pasted: nothing added, nothing named.
    const empty = await call('POST', `/supplier/admin/add-lines/${listId}`, {
      lines: '\n  \n',
      country: 'MT',
      protocol: 'http',
      expiresAt: expiresAt(),
    });
    expect(empty.statusCode).toBeLessThan(500);
    if (empty.statusCode === 200) {
      expect(empty.json()).toMatchObject({ added: 0, duplicates: 0, invalid: [] });
    }
    // Lines for a Proxy6 supplier are not its kind.
    const wrongKind = await call('POST', `/supplier/admin/add-lines/${p6Id}`, {
      lines: '198.51.100.2:8001:u:p',
      country: 'MT',
      protocol: 'http',
      expiresAt: expiresAt(),
    });
    expect(wrongKind.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongKind.statusCode).toBeLessThan(500);
    expect(await countWhere(sql`select count(*) as n from upstream_proxies where supplier_id = ${listId}`)).toBe(
      before,
    );
  });
});
