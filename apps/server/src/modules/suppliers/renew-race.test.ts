import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { autoRenewJob } from '../../jobs/auto-renew.js';
import { supplierPurchasesJob } from '../../jobs/supplier-purchases.js';
import { runJob } from '../../jobs/runner.js';
import {
  balanceOf,
  build,
  createUser,
  customer,
  ledgerMismatches,
  login,
  waitFor,
  type TestApp,
} from '../../../test/helper.js';
import { startFakeProxy6, type FakeProxy6 } from '../../../test/fakes/index.js';
import { addDayCountries, addProxy6AndList, buyOne, renewCharges, renewOne } from '../../../test/suppliers.js';
import { writeUpstreamEnds } from './queries.js';

/**
 * Renewals of one supplier proxy that meet (manual and auto-renew, two manual ones), a prolong cut
 * off while Proxy6 cannot be asked about it, and an admin's free extension, against the Proxy6 fake.
 */

let t: TestApp;
let p6: FakeProxy6;
let admin: string;
let adminEmail: string;
let p6Id: string;
const DAY_PRICE = 1000;
const DAY_MS = 86_400_000;
const log: string[] = [];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  t.inject({ method, url: `/api${url}`, token, payload });

beforeAll(async () => {
  t = await build({}, undefined, { write: (line) => void log.push(line) });
  p6 = await startFakeProxy6({ stock: { '4:mt': 100 } });
  const a = await createUser(t, { role: 2 });
  adminEmail = a.email;
  admin = (await login(t, a)).accessToken;
  await addDayCountries(call, [['MT', 'Malta']], DAY_PRICE);
  await call('PUT', '/setting/admin/update', { settings: { supplierRates: { RUB: 100 } } });
  ({ p6Id } = await addProxy6AndList(call, p6));
  await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id] });
});
afterEach(() => {
  t.clock.reset();
  p6.clearFaults();
});
afterAll(async () => {
  await p6.close();
  await t.close();
});

async function ends(proxyId: string) {
  const [r] = await queryRows<{
    id: string;
    expires_at: Date | string;
    upstream_id: string;
    upstream_end: Date | string;
  }>(
    t.ctx.db,
    sql`select u.id, p.expires_at, u.upstream_id, u.expires_at as upstream_end from proxies p
        join upstream_proxies u on u.proxy_id = p.id and u.status = 'serving' where p.id = ${proxyId}`,
  );
  return {
    rowId: r!.id,
    customer: new Date(r!.expires_at).getTime(),
    upstreamId: r!.upstream_id,
    upstream: new Date(r!.upstream_end).getTime(),
  };
}

const prolongs = () => p6.calls.filter((c) => c.method === 'prolong');
const waits = () => log.filter((l) => l.includes('renewal waits for another renewal')).length;

/** Holds Proxy6's next prolong until the returned function is called. */
function holdNextProlong(): () => void {
  let release!: () => void;
  p6.fault('prolong', { kind: 'hold', until: new Promise<void>((r) => (release = r)) });
  return release;
}

describe('two renewals of one Proxy6 proxy at once', () => {
  it('should prolong once and charge once when auto-renew meets a manual renewal', async () => {
    const c = await customer(t, 100_000);
    const { proxyId } = await buyOne(t, c.token, 'MT', true);
    const paid = await balanceOf(t, c.id);
    const before = await ends(proxyId);
    t.clock.advance(before.customer - t.clock.nowMs() - 30 * 60_000);
    await c.relogin();
    const calls = prolongs().length;
    const waited = waits();
    const release = holdNextProlong();
    const manual = renewOne(t, c.token, proxyId, 3);
    let early: unknown;
    void manual.then((r) => (early = r.body));
    await waitFor(() => prolongs().length === calls + 1 || early !== undefined);
    expect(early).toBeUndefined();
    const auto = runJob(t.ctx, autoRenewJob, { wait: true });
    // The sweep either waits for the manual renewal's intent or (the race) prolongs a second time.
    await waitFor(() => waits() > waited || prolongs().length > calls + 1, 60_000);
    expect(prolongs()).toHaveLength(calls + 1);
    release();
    expect((await manual).statusCode).toBe(200);
    expect(await auto).toBe(true);
    expect(prolongs()).toHaveLength(calls + 1);
    expect(await renewCharges(t, c.id)).toBe(1);
    expect(await balanceOf(t, c.id)).toBe(paid - 3 * DAY_PRICE);
    const after = await ends(proxyId);
    expect(after.customer).toBe(before.customer + 3 * DAY_MS);
    expect(after.upstream).toBe(p6.proxies.get(before.upstreamId)!.unixtime_end * 1000);
    expect(after.upstream).toBeGreaterThanOrEqual(after.customer);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should let a second manual renewal prolong only after the first, for its own days', async () => {
    const c = await customer(t, 100_000);
    const { proxyId } = await buyOne(t, c.token, 'MT');
    const paid = await balanceOf(t, c.id);
    const before = await ends(proxyId);
    const calls = prolongs().length;
    const waited = waits();
    const release = holdNextProlong();
    const first = renewOne(t, c.token, proxyId, 3);
    await waitFor(() => prolongs().length === calls + 1);
    const second = renewOne(t, c.token, proxyId, 4);
    await waitFor(() => waits() > waited || prolongs().length > calls + 1, 60_000);
    expect(prolongs()).toHaveLength(calls + 1);
    release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    // The second prolong was planned from the first one's end: 4 days, not another 3 from the old end.
    expect(
      prolongs()
        .slice(calls)
        .map((p) => p.params.period),
    ).toEqual(['3', '4']);
    expect(await renewCharges(t, c.id)).toBe(2);
    expect(await balanceOf(t, c.id)).toBe(paid - 7 * DAY_PRICE);
    const after = await ends(proxyId);
    expect(after.customer).toBe(before.customer + 7 * DAY_MS);
    expect(after.upstream).toBe(before.upstream + 7 * DAY_MS);
    expect(after.upstream).toBeGreaterThanOrEqual(after.customer);
    const intents = await queryRows<{ status: string }>(
      t.ctx.db,
      sql`select status from supplier_renewals where user_id = ${c.id}`,
    );
    expect(intents).toEqual([{ status: 'charged' }, { status: 'charged' }]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('a prolong cut off while Proxy6 cannot be asked about it', () => {
  it('should answer ORDER_PROCESSING and prolong nothing until getproxy sees it through', async () => {
    const c = await customer(t, 100_000);
    const { proxyId } = await buyOne(t, c.token, 'MT');
    const paid = await balanceOf(t, c.id);
    const before = await ends(proxyId);
    // What a crash mid-prolong leaves: the intent pending, its holder gone, Proxy6 already prolonged.
    p6.proxies.get(before.upstreamId)!.unixtime_end += 3 * 86400;
    const now = t.clock.now().toISOString();
    const groups = [
      {
        supplierId: p6Id,
        days: 3,
        rows: [
          {
            id: before.rowId,
            upstreamId: before.upstreamId,
            proxyId,
            endBefore: new Date(before.upstream).toISOString(),
          },
        ],
      },
    ];
    await t.ctx.db.execute(
      sql`insert into supplier_renewals (id, site_id, user_id, status, groups, lease_until, created_at, updated_at)
          select gen_random_uuid(), site_id, id, 'pending', ${JSON.stringify(groups)}::jsonb, ${now}, ${now}, ${now}
          from users where id = ${c.id}`,
    );
    p6.fault('getproxy', { kind: 'http', status: 503 }, 1000);
    const calls = prolongs().length;
    for (let i = 0; i < 2; i++) {
      const res = await renewOne(t, c.token, proxyId, 3);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('ORDER_PROCESSING');
    }
    expect(prolongs()).toHaveLength(calls);
    expect(await balanceOf(t, c.id)).toBe(paid);
    expect(await renewCharges(t, c.id)).toBe(0);
    expect((await ends(proxyId)).customer).toBe(before.customer);

    p6.clearFaults();
    expect((await renewOne(t, c.token, proxyId, 3)).statusCode).toBe(200);
    expect(prolongs()).toHaveLength(calls);
    expect(await renewCharges(t, c.id)).toBe(1);
    const after = await ends(proxyId);
    expect(after.customer).toBe(before.customer + 3 * DAY_MS);
    expect(after.upstream).toBe(before.upstream + 3 * DAY_MS);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('an admin’s free extension of a Proxy6 proxy', () => {
  const extend = (orderId: string, days: number) =>
    call('PUT', `/order/admin/extend/${orderId}`, { period: { unit: 'day', value: days } });

  it('should prolong upstream first, charge the customer nothing and count the cost', async () => {
    const c = await customer(t, 100_000);
    const { orderId, proxyId } = await buyOne(t, c.token, 'MT');
    const paid = await balanceOf(t, c.id);
    const before = await ends(proxyId);
    const calls = prolongs().length;
    const res = await extend(orderId, 3);
    expect(res.statusCode, res.body).toBe(200);
    const mine = prolongs().slice(calls);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.params).toMatchObject({ ids: before.upstreamId, period: '3' });
    expect(await balanceOf(t, c.id)).toBe(paid);
    expect(await renewCharges(t, c.id)).toBe(0);
    const after = await ends(proxyId);
    expect(after.customer).toBe(before.customer + 3 * DAY_MS);
    expect(after.upstream).toBe(p6.proxies.get(before.upstreamId)!.unixtime_end * 1000);
    expect(after.upstream).toBeGreaterThanOrEqual(after.customer + 24 * 3600_000 - 60_000);
    // The seller paid Proxy6 for it: 2 RUB a day × 3 days at 100 coins, against no revenue.
    const charges = await queryRows<{ revenue: number; cost: number }>(
      t.ctx.db,
      sql`select revenue, cost from supplier_charges where proxy_id = ${proxyId} and kind = 'renew'`,
    );
    expect(charges).toEqual([{ revenue: 0, cost: 600 }]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should extend nothing, answer ADMIN_ERROR with the supplier’s words and alert when Proxy6 refuses', async () => {
    const c = await customer(t, 100_000);
    const { orderId, proxyId } = await buyOne(t, c.token, 'MT');
    const before = await ends(proxyId);
    p6.fault('prolong', { kind: 'error', errorId: 400 });
    const res = await extend(orderId, 3);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('ADMIN_ERROR');
    expect(res.json().data.reason).toBe('supplierRefused');
    expect(res.json().data.supplierMessage).toContain('Error no money');
    expect(await ends(proxyId)).toEqual(before);
    const logs = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from order_logs where order_id = ${orderId} and action = 'admin_extend'`,
    );
    expect(logs).toEqual([]);
    const events = await queryRows<{ message: string; alert: string | null }>(
      t.ctx.db,
      sql`select message, alert from supplier_events where supplier_id = ${p6Id} and kind = 'prolong_refused'
          and message like '%error_id 400%'`,
    );
    expect(events.length).toBeGreaterThan(0);
    const ev = await queryRows<{ message: string }>(
      t.ctx.db,
      sql`select message from supplier_events where supplier_id = ${p6Id} and alert is not null and message like 'ADMIN_ERROR%'`,
    );
    expect(ev.length).toBeGreaterThan(0);
    // The sweep mails the alert to the site's admins.
    expect(await runJob(t.ctx, supplierPurchasesJob, { wait: true })).toBe(true);
    expect(t.mailer.mails.some((m) => m.to === adminEmail && m.text.includes('Error no money'))).toBe(true);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('writing upstream ends back', () => {
  it('should write a batch in one statement and never shorten an end', async () => {
    const c = await customer(t, 100_000);
    const a = await ends((await buyOne(t, c.token, 'MT')).proxyId);
    const b = await ends((await buyOne(t, c.token, 'MT')).proxyId);
    const later = new Date(a.upstream + DAY_MS).toISOString();
    const earlier = new Date(b.upstream - DAY_MS).toISOString();
    let statements = 0;
    const counted = new Proxy(t.ctx.db, {
      get(target, key, receiver) {
        const v = Reflect.get(target, key, receiver) as unknown;
        if (key === 'execute' && typeof v === 'function') {
          return (...args: unknown[]) => {
            statements++;
            return (v as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return v;
      },
    }) as DbOrTx;
    await writeUpstreamEnds(counted, { [a.rowId]: later, [b.rowId]: earlier }, t.clock.now());
    expect(statements).toBe(1);
    const [ra] = await queryRows<{ expires_at: Date | string }>(
      t.ctx.db,
      sql`select expires_at from upstream_proxies where id = ${a.rowId}`,
    );
    const [rb] = await queryRows<{ expires_at: Date | string }>(
      t.ctx.db,
      sql`select expires_at from upstream_proxies where id = ${b.rowId}`,
    );
    expect(new Date(ra!.expires_at).toISOString()).toBe(later);
    expect(new Date(rb!.expires_at).getTime()).toBe(b.upstream);
  });
});
