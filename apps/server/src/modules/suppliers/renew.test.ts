import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { autoRenewJob } from '../../jobs/auto-renew.js';
import { supplierPurchasesJob } from '../../jobs/supplier-purchases.js';
import { runJob } from '../../jobs/runner.js';
import { balanceOf, build, createUser, customer, ledgerMismatches, login, type TestApp } from '../../../test/helper.js';
import { startFakeProxy6, type FakeProxy6 } from '../../../test/fakes/index.js';
import { addDayCountries, addProxy6AndList, buyOne, renewCharges, renewOne } from '../../../test/suppliers.js';

let t: TestApp;
let p6: FakeProxy6;
let admin: string;
let adminEmail: string;
let p6Id: string;
let listId: string;
const DAY_PRICE = 1000;
const DAY_MS = 86_400_000;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  t.inject({ method, url: `/api${url}`, token, payload });

beforeAll(async () => {
  // The fake's answers come within the timeout even on a busy machine; a held call outlasts it.
  t = await build({ SUPPLIER_TIMEOUT_MS: '2000' });
  p6 = await startFakeProxy6({ stock: { '4:mt': 100 } });
  p6.hangMs = 6000;
  const a = await createUser(t, { role: 2 });
  adminEmail = a.email;
  admin = (await login(t, a)).accessToken;
  await addDayCountries(
    call,
    [
      ['MT', 'Malta'],
      ['CY', 'Cyprus'],
    ],
    DAY_PRICE,
  );
  await call('PUT', '/setting/admin/update', { settings: { supplierRates: { RUB: 100 } } });
  ({ p6Id, listId } = await addProxy6AndList(call, p6));
  await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id] });
  await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'CY', sources: [listId] });
});
afterEach(() => t.clock.reset());
afterAll(async () => {
  await p6.close();
  await t.close();
});

/** The customer's expiry and the upstream behind it (its id at the supplier and its end). */
async function ends(proxyId: string) {
  const [r] = await queryRows<{ expires_at: Date | string; upstream_id: string; upstream_end: Date | string }>(
    t.ctx.db,
    sql`select p.expires_at, u.upstream_id, u.expires_at as upstream_end from proxies p
        join upstream_proxies u on u.proxy_id = p.id and u.status = 'serving' where p.id = ${proxyId}`,
  );
  return {
    customer: new Date(r!.expires_at).getTime(),
    upstreamId: r!.upstream_id,
    upstream: new Date(r!.upstream_end),
  };
}

/** The supplier page's events, waited for: a refusal is recorded beside the rolled-back renewal. */
async function untilEvent(supplierId: string, match: (e: { kind: string; message: string }) => boolean) {
  for (;;) {
    const s = (await call('GET', '/supplier/admin/list')).json().find((x: { id: string }) => x.id === supplierId);
    if (s.events.some(match)) {
      return s;
    }
    await new Promise((r) => setImmediate(r));
  }
}

/** A pool line that ends in 5 days, pasted and bought by a new customer (3 days, at DAY_PRICE). */
async function boughtFromPool(line: string, autoRenew = false) {
  const expiresAt = new Date(t.clock.nowMs() + 5 * DAY_MS).toISOString();
  const added = await call('POST', `/supplier/admin/add-lines/${listId}`, {
    lines: line,
    country: 'CY',
    protocol: 'http',
    expiresAt,
  });
  expect(added.statusCode).toBe(200);
  const c = await customer(t, 100_000);
  const { proxyId, orderId } = await buyOne(t, c.token, 'CY', autoRenew);
  return { c, proxyId, orderId, paid: await balanceOf(t, c.id), expiresAt };
}

/** The pool supplier's recorded refusals, oldest first. */
const poolRefusals = () =>
  queryRows<{ alert: string | null }>(
    t.ctx.db,
    sql`select alert from supplier_events where supplier_id = ${listId} and kind = 'prolong_refused' order by id`,
  );

const prolongs = () => p6.calls.filter((c) => c.method === 'prolong');

describe('renewing a Proxy6 proxy', () => {
  it('should prolong upstream once, past the customer’s new expiry, then charge once', async () => {
    const c = await customer(t, 100_000);
    const { proxyId } = await buyOne(t, c.token, 'MT');
    const before = await ends(proxyId);
    const calls = prolongs().length;
    const res = await renewOne(t, c.token, proxyId, 3);
    expect(res.statusCode).toBe(200);
    const mine = prolongs().slice(calls);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.params).toMatchObject({ ids: before.upstreamId, period: '3' });
    expect(await balanceOf(t, c.id)).toBe(100_000 - 6 * DAY_PRICE);
    expect(await renewCharges(t, c.id)).toBe(1);
    const after = await ends(proxyId);
    expect(after.customer).toBe(before.customer + 3 * DAY_MS);
    // The upstream end is the supplier's own, and still a day (the safety margin) past the customer's.
    expect(after.upstream.getTime()).toBe(p6.proxies.get(before.upstreamId)!.unixtime_end * 1000);
    expect(after.upstream.getTime()).toBeGreaterThanOrEqual(after.customer + 24 * 3600_000 - 60_000);
    // Margin counts the prolong: 2 RUB a day × 3 days at 100 coins per RUB, against 3,000 coins.
    const [charge] = await queryRows<{ revenue: number; cost: number }>(
      t.ctx.db,
      sql`select revenue, cost from supplier_charges where proxy_id = ${proxyId} and kind = 'renew'`,
    );
    expect(charge).toEqual({ revenue: 3000, cost: 600 });
    const s = await untilEvent(p6Id, (e) => e.kind === 'prolonged');
    expect(s.spend).toBeGreaterThanOrEqual(600);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should refuse with NOT_ENOUGT_PROXY and charge nothing when Proxy6 refuses, and record it', async () => {
    const c = await customer(t, 100_000);
    const { proxyId } = await buyOne(t, c.token, 'MT');
    const paid = await balanceOf(t, c.id);
    const before = await ends(proxyId);
    for (const fault of [
      { kind: 'error' as const, errorId: 400 },
      { kind: 'html' as const, status: 502 },
      // The same refusal again within the hour: recorded, not alerted twice.
      { kind: 'error' as const, errorId: 400 },
    ]) {
      p6.fault('prolong', fault);
      const res = await renewOne(t, c.token, proxyId, 3);
      expect(res.json().message, fault.kind).toBe('NOT_ENOUGT_PROXY');
      expect(await balanceOf(t, c.id)).toBe(paid);
      expect(await renewCharges(t, c.id)).toBe(0);
      expect((await ends(proxyId)).customer).toBe(before.customer);
    }
    const s = await untilEvent(p6Id, (e) => e.message.startsWith('ADMIN_ERROR'));
    expect(
      s.events.some(
        (e: { kind: string; message: string }) => e.kind === 'prolong_refused' && e.message.includes('error_id 400'),
      ),
    ).toBe(true);
    await untilEvent(p6Id, (e) => e.kind === 'prolong_refused' && e.message.includes('HTTP 502'));
    // The admin is told by mail once for the two identical refusals (a second sweep sends nothing more).
    expect(await runJob(t.ctx, supplierPurchasesJob, { wait: true })).toBe(true);
    expect(await runJob(t.ctx, supplierPurchasesJob, { wait: true })).toBe(true);
    const alerts = t.mailer.mails.filter((m) => m.to === adminEmail && m.text.includes('out of proxy credits'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Error no money');
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should see a prolong whose answer was lost through getproxy, then charge once without prolonging again', async () => {
    const c = await customer(t, 100_000);
    const { proxyId } = await buyOne(t, c.token, 'MT');
    const paid = await balanceOf(t, c.id);
    const before = await ends(proxyId);
    const calls = prolongs().length;
    // Proxy6 prolongs but its answer comes after our timeout.
    p6.fault('prolong', { kind: 'hang-after' });
    expect((await renewOne(t, c.token, proxyId, 3)).json().message).toBe('NOT_ENOUGT_PROXY');
    expect(await balanceOf(t, c.id)).toBe(paid);
    expect(prolongs()).toHaveLength(calls + 1);
    const [open] = await queryRows<{ status: string }>(
      t.ctx.db,
      sql`select status from supplier_renewals where user_id = ${c.id}`,
    );
    expect(open).toEqual({ status: 'pending' });

    const res = await renewOne(t, c.token, proxyId, 3);
    expect(res.statusCode).toBe(200);
    expect(prolongs()).toHaveLength(calls + 1);
    expect(await balanceOf(t, c.id)).toBe(paid - 3 * DAY_PRICE);
    expect(await renewCharges(t, c.id)).toBe(1);
    const after = await ends(proxyId);
    expect(after.customer).toBe(before.customer + 3 * DAY_MS);
    expect(after.upstream.getTime()).toBe(p6.proxies.get(before.upstreamId)!.unixtime_end * 1000);
    const statuses = await queryRows<{ status: string }>(
      t.ctx.db,
      sql`select status from supplier_renewals where user_id = ${c.id} order by created_at`,
    );
    expect(statuses).toEqual([{ status: 'closed' }]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should, after a crash between the prolong and its write-back, neither prolong twice nor lose the charge', async () => {
    const c = await customer(t, 100_000);
    const { proxyId } = await buyOne(t, c.token, 'MT');
    const paid = await balanceOf(t, c.id);
    const before = await ends(proxyId);
    // What a panel killed mid-renewal leaves: the committed intent, and Proxy6 already prolonged.
    const [u] = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select id from upstream_proxies where proxy_id = ${proxyId} and status = 'serving'`,
    );
    p6.proxies.get(before.upstreamId)!.unixtime_end += 3 * 86400;
    const now = t.clock.now().toISOString();
    const groups = [
      {
        supplierId: p6Id,
        days: 3,
        rows: [{ id: u!.id, upstreamId: before.upstreamId, proxyId, endBefore: before.upstream.toISOString() }],
      },
    ];
    await t.ctx.db.execute(
      sql`insert into supplier_renewals (id, site_id, user_id, status, groups, lease_until, created_at, updated_at)
          select gen_random_uuid(), site_id, id, 'pending', ${JSON.stringify(groups)}::jsonb, ${now}, ${now}, ${now}
          from users where id = ${c.id}`,
    );
    const calls = prolongs().length;
    expect((await renewOne(t, c.token, proxyId, 3)).statusCode).toBe(200);
    expect(prolongs()).toHaveLength(calls);
    expect(await balanceOf(t, c.id)).toBe(paid - 3 * DAY_PRICE);
    expect(await renewCharges(t, c.id)).toBe(1);
    const after = await ends(proxyId);
    expect(after.upstream.getTime()).toBe(before.upstream.getTime() + 3 * DAY_MS);
    expect(after.upstream.getTime()).toBeGreaterThanOrEqual(after.customer);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should not call Proxy6 when the balance cannot cover the renewal', async () => {
    const c = await customer(t, 3 * DAY_PRICE);
    const { proxyId } = await buyOne(t, c.token, 'MT');
    const calls = prolongs().length;
    const res = await renewOne(t, c.token, proxyId, 3);
    expect(res.json().message).toBe('NOT_ENOUGH_MONEY');
    expect(prolongs()).toHaveLength(calls);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('renewing a pool proxy', () => {
  it('should refuse a renewal past the upstream proxy’s own end, uncharged, and allow one before it', async () => {
    const { c, proxyId, paid, expiresAt } = await boughtFromPool('127.0.0.3:9001:a1:b1');
    expect((await renewOne(t, c.token, proxyId, 3)).json().message).toBe('NOT_ENOUGT_PROXY');
    expect(await balanceOf(t, c.id)).toBe(paid);
    // The refusal outlives the rolled-back renewal: on the supplier's page, with the admins' alert.
    const s = await untilEvent(listId, (e) => e.kind === 'prolong_refused');
    expect(s.events.find((e: { kind: string }) => e.kind === 'prolong_refused').message).toContain(
      `ends ${new Date(expiresAt).toISOString()}`,
    );
    expect(await poolRefusals()).toEqual([{ alert: 'prolong_refused' }]);
    // Refused again: the open alert stands, nothing more is recorded.
    expect((await renewOne(t, c.token, proxyId, 3)).json().message).toBe('NOT_ENOUGT_PROXY');
    expect(await poolRefusals()).toEqual([{ alert: 'prolong_refused' }]);
    expect(await balanceOf(t, c.id)).toBe(paid);
    expect((await renewOne(t, c.token, proxyId, 1)).statusCode).toBe(200);
    expect(await balanceOf(t, c.id)).toBe(paid - DAY_PRICE);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('auto-renew of a pool proxy', () => {
  it('should refuse in each sweep, log the failure on the order, and record one alert for two runs', async () => {
    const { c, proxyId, orderId, paid } = await boughtFromPool('127.0.0.4:9001:a2:b2', true);
    const before = await ends(proxyId);
    const refusals = (await poolRefusals()).length;
    // Inside the job's lead time: the renewed end (3 days on) falls past the pool proxy's own.
    t.clock.advance(before.customer - t.clock.nowMs() - 30 * 60_000);
    expect(await runJob(t.ctx, autoRenewJob, { wait: true })).toBe(true);
    expect(await runJob(t.ctx, autoRenewJob, { wait: true })).toBe(true);
    expect(await balanceOf(t, c.id)).toBe(paid);
    expect((await ends(proxyId)).customer).toBe(before.customer);
    const logs = await queryRows<{ result: string }>(
      t.ctx.db,
      sql`select result from order_logs where order_id = ${orderId} and action = 'renew'`,
    );
    expect(logs).toEqual([{ result: 'fail' }]);
    expect(await poolRefusals()).toHaveLength(refusals + 1);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('auto-renew of a Proxy6 proxy', () => {
  it('should prolong upstream before charging, and charge nothing while Proxy6 refuses', async () => {
    const c = await customer(t, 100_000);
    const { proxyId, orderId } = await buyOne(t, c.token, 'MT', true);
    const paid = await balanceOf(t, c.id);
    const before = await ends(proxyId);
    // Inside the job's lead time before the customer's expiry.
    t.clock.advance(before.customer - t.clock.nowMs() - 30 * 60_000);
    p6.fault('prolong', { kind: 'error', errorId: 400 });
    const calls = prolongs().length;
    expect(await runJob(t.ctx, autoRenewJob, { wait: true })).toBe(true);
    expect(prolongs()).toHaveLength(calls + 1);
    expect(await balanceOf(t, c.id)).toBe(paid);
    expect((await ends(proxyId)).customer).toBe(before.customer);
    const [log] = await queryRows<{ result: string }>(
      t.ctx.db,
      sql`select result from order_logs where order_id = ${orderId} and action = 'renew'`,
    );
    expect(log).toEqual({ result: 'fail' });

    expect(await runJob(t.ctx, autoRenewJob, { wait: true })).toBe(true);
    const mine = prolongs().slice(calls + 1);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.params).toMatchObject({ ids: before.upstreamId, period: '3' });
    expect(await balanceOf(t, c.id)).toBe(paid - 3 * DAY_PRICE);
    expect(await renewCharges(t, c.id)).toBe(1);
    const after = await ends(proxyId);
    expect(after.customer).toBe(before.customer + 3 * DAY_MS);
    expect(after.upstream.getTime()).toBeGreaterThanOrEqual(after.customer);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
