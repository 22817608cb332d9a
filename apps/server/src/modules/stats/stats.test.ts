import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '@proxy/contract';
import { balanceOf, build, createUser, customer, type TestApp } from '../../../test/helper.js';
import { expectLedgerHolds, setPromotion, siteAdmin } from '../../../test/payments.js';
import { StatsSeed } from '../../../test/stats-seed.js';
import { queryRows } from '../../db/client.js';
import { sql } from 'drizzle-orm';
import { fillStatsRollup } from './stats-daily.js';

/**
 * The admin figures against a seeded set of top-ups, ledger rows, orders and proxies whose totals
 * are known, on two sites: each admin sees only their own site's.
 */
const OTHER = 'proxy-owner.localhost';
const NOW = Date.parse('2026-12-15T12:00:00Z');
const H = 3_600_000;
const at = (iso: string) => new Date(iso);

let t: TestApp;
let seed: StatsSeed;
let admin: Awaited<ReturnType<typeof siteAdmin>>;
let otherAdmin: Awaited<ReturnType<typeof siteAdmin>>;
let a: { id: string; siteId: string; token: string };
let b: { id: string; siteId: string };
let c: { id: string; siteId: string };
let d: { id: string; siteId: string };

function get(url: string, token: string, host = 'localhost') {
  return t.inject({ method: 'GET', url, token, headers: { host } });
}

/** The admin sets its site's time zone (docs/product-rules.md#time-zones). */
function setZone(token: string, timeZone: string, host = 'localhost') {
  const payload = { settings: { timeZone } };
  return t.inject({ method: 'PUT', url: '/api/setting/admin/update', token, payload, headers: { host } });
}

const zeroTopups = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0]));
const emptyDay = (date: string) => ({
  date,
  revenue: 0,
  topups: zeroTopups,
  newUsers: 0,
  orders: 0,
  proxiesSold: 0,
  renewals: 0,
});

async function seedRange() {
  // 10–12 March 2026, with rows just outside on both sides.
  await seed.ledger(a.id, 'admin_add', 5_000_000, at('2026-03-01T00:00:00Z'));
  await seed.ledger(a.id, 'buy_proxy_v4', -1_000, at('2026-03-09T23:59:59Z'));
  await seed.topup(a, 'bank', 2_000_000, at('2026-03-10T05:00:00Z'));
  await seed.topup(a, 'card', 500_000, at('2026-03-10T06:00:00Z'));
  await seed.topup(b, 'bank', 300_000, at('2026-03-12T10:00:00Z'));
  await seed.topup(a, 'bank', 777, at('2026-03-13T00:00:00Z'));
  await seed.topup(c, 'bank', 9_999_999, at('2026-03-10T05:00:00Z'));
  await seed.ledger(a.id, 'buy_proxy_v6', -400_000, at('2026-03-10T07:00:00Z'));
  await seed.ledger(a.id, 'renew', -100_000, at('2026-03-10T08:00:00Z'));
  await seed.ledger(a.id, 'refund', 50_000, at('2026-03-10T09:00:00Z'));
  await seed.ledger(b.id, 'buy_key', -120_000, at('2026-03-12T23:00:00Z'));
  await seed.ledger(b.id, 'auto_renew', -30_000, at('2026-03-12T23:30:00Z'));
  await seed.ledger(c.id, 'buy_proxy_v4', -1_000_000, at('2026-03-10T07:00:00Z'));
  const v6 = await seed.order(a, {
    product: 'v6',
    country: 'VN',
    quantity: 10,
    totalPrice: 400_000,
    at: at('2026-03-10T07:00:00Z'),
  });
  await seed.order(a, {
    product: 'v4',
    country: 'US',
    quantity: 2,
    totalPrice: 9,
    at: at('2026-03-10T07:00:00Z'),
    status: 'cancelled',
  });
  await seed.order(b, {
    product: 'key',
    country: 'VN',
    quantity: 1,
    totalPrice: 120_000,
    at: at('2026-03-12T23:00:00Z'),
  });
  await seed.order(c, {
    product: 'v4',
    country: 'VN',
    quantity: 5,
    totalPrice: 1_000_000,
    at: at('2026-03-10T07:00:00Z'),
  });
  await seed.renewLog(v6, at('2026-03-10T08:00:00Z'));
  // Lapsed: items that reached their end in the range without a renewal.
  const old6 = await seed.order(a, {
    product: 'v6',
    country: 'VN',
    quantity: 1,
    totalPrice: 1,
    at: at('2026-02-01T00:00:00Z'),
  });
  const old4 = await seed.order(b, {
    product: 'v4',
    country: 'DE',
    quantity: 1,
    totalPrice: 1,
    at: at('2026-02-01T00:00:00Z'),
  });
  await seed.proxy(a, {
    orderId: old6,
    type: 'v6',
    country: 'VN',
    expiresAt: at('2026-03-10T12:00:00Z'),
    status: 'expired',
    createdAt: at('2026-02-01T00:00:00Z'),
  });
  await seed.proxy(b, {
    orderId: old4,
    type: 'v4',
    country: 'DE',
    expiresAt: at('2026-03-12T12:00:00Z'),
    status: 'expired',
    createdAt: at('2026-02-01T00:00:00Z'),
  });
  await seed.setCreatedAt(a.id, at('2026-03-10T01:00:00Z'));
  await seed.setCreatedAt(b.id, at('2026-03-12T01:00:00Z'));
  await seed.setCreatedAt(c.id, at('2026-03-10T01:00:00Z'));
}

async function seedNow() {
  const now = t.clock.nowMs();
  await seed.ledger(a.id, 'buy_proxy_v6', -70_000, new Date(now - H));
  await seed.ledger(a.id, 'buy_proxy_v6', -20_000, new Date(now - 25 * H));
  await seed.ledger(a.id, 'buy_proxy_v6', -5_000, new Date(now - 23 * H));
  await seed.ledger(a.id, 'buy_proxy_v6', -300_000, at('2026-11-10T00:00:00Z'));
  await seed.ledger(a.id, 'buy_proxy_v6', -1_000, at('2026-11-20T00:00:00Z'));
  await seed.ledger(c.id, 'buy_proxy_v6', -33_000, new Date(now - H));
  await seed.topup(a, 'bank', 250_000, new Date(now - 2 * H));
  await seed.topup(b, 'bank', 100_000, new Date(now - 26 * H));
  await seed.pendingTopup(a.siteId, a.id, false);
  await seed.pendingTopup(a.siteId, a.id, false);
  await seed.pendingTopup(a.siteId, b.id, true);
  await seed.pendingTopup(c.siteId, c.id, false);
  const o6 = await seed.order(d, { product: 'v6', country: 'VN', quantity: 2, totalPrice: 100_000, at: new Date(now) });
  const o4 = await seed.order(d, { product: 'v4', country: 'VN', quantity: 1, totalPrice: 80_000, at: new Date(now) });
  await seed.proxy(d, { orderId: o6, type: 'v6', country: 'VN', expiresAt: new Date(now + 72 * H) });
  await seed.proxy(d, { orderId: o6, type: 'v6', country: 'VN', expiresAt: new Date(now + 72 * H) });
  await seed.proxy(d, { orderId: o4, type: 'v4', country: 'VN', expiresAt: new Date(now + 30 * 24 * H) });
}

beforeAll(async () => {
  t = await build({ DEMO: '1' });
  t.clock.advance(NOW - Date.now());
  await setPromotion(t, null);
  await setPromotion(t, null, OTHER);
  admin = await siteAdmin(t);
  otherAdmin = await siteAdmin(t, OTHER);
  // The figures below are written in UTC days; the time zone's own tests switch zones.
  expect((await setZone(admin.token, 'UTC')).statusCode).toBe(200);
  expect((await setZone(otherAdmin.token, 'UTC', OTHER)).statusCode).toBe(200);
  seed = new StatsSeed(t, admin.id);
  const ca = await customer(t);
  a = { ...ca, siteId: await seed.siteOf(ca.id) };
  const ub = await createUser(t);
  b = { id: ub.id, siteId: a.siteId };
  const uc = await createUser(t, { host: OTHER });
  c = { id: uc.id, siteId: await seed.siteOf(uc.id) };
  await seed.ledger(c.id, 'admin_add', 50_000_000, at('2026-03-01T00:00:00Z'));
  await seed.ledger(b.id, 'admin_add', 1_000_000, at('2026-03-01T00:00:00Z'));
  await seedRange();
  const ud = await createUser(t);
  d = { id: ud.id, siteId: a.siteId };
  await seedNow();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
});

describe('GET /api/stats/admin/get-stats-daily', () => {
  it('should give every day of the range with its revenue, top-ups by method, users, orders and renewals', async () => {
    const res = await get('/api/stats/admin/get-stats-daily?from=2026-03-10&to=2026-03-12', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days).toEqual([
      {
        date: '2026-03-10',
        revenue: 450_000,
        topups: { ...zeroTopups, bank: 2_000_000, card: 500_000 },
        newUsers: 1,
        // Orders placed, a cancelled one too (its refund shows in the revenue).
        orders: 2,
        proxiesSold: 12,
        renewals: 1,
      },
      emptyDay('2026-03-11'),
      {
        date: '2026-03-12',
        revenue: 150_000,
        topups: { ...zeroTopups, bank: 300_000 },
        newUsers: 1,
        orders: 1,
        proxiesSold: 0,
        renewals: 1,
      },
    ]);
  });

  it('should take date-times as well as dates for from/to, meaning their UTC days', async () => {
    const byDate = await get('/api/stats/admin/get-stats-daily?from=2026-03-10&to=2026-03-12', admin.token);
    const qs = `from=${encodeURIComponent('2026-03-10T05:00:00Z')}&to=${encodeURIComponent('2026-03-12T23:30:00+00:00')}`;
    const byTime = await get(`/api/stats/admin/get-stats-daily?${qs}`, admin.token);
    expect(byTime.statusCode, byTime.body).toBe(200);
    expect(byTime.json()).toEqual(byDate.json());
    const bad = await get('/api/stats/admin/get-stats-daily?from=2026-03-10T05:00&to=2026-03-12', admin.token);
    expect(bad.statusCode).toBe(400);
  });

  it('should answer the same from the rollup of closed days, and count today live', async () => {
    const url = '/api/stats/admin/get-stats-daily?from=2026-03-10&to=2026-03-12';
    const first = (await get(url, admin.token)).json();
    expect((await get(url, admin.token)).json()).toEqual(first);
    const today = new Date(t.clock.nowMs()).toISOString().slice(0, 10);
    const live = `/api/stats/admin/get-stats-daily?from=${today}&to=${today}`;
    const before = (await get(live, admin.token)).json().days[0].revenue;
    await seed.ledger(a.id, 'buy_key', -4_000, t.clock.now());
    expect((await get(live, admin.token)).json().days[0].revenue).toBe(before + 4_000);
    // Refunded: today's revenue goes back (and the other tests' totals stay as seeded).
    await seed.ledger(a.id, 'refund', 4_000, t.clock.now());
    expect((await get(live, admin.token)).json().days[0].revenue).toBe(before);
  });

  it("should give another site's admin only that site's figures", async () => {
    const res = await get('/api/stats/admin/get-stats-daily?from=2026-03-10&to=2026-03-10', otherAdmin.token, OTHER);
    expect(res.json().days).toEqual([
      {
        date: '2026-03-10',
        revenue: 1_000_000,
        topups: { ...zeroTopups, bank: 9_999_999 },
        newUsers: 1,
        orders: 1,
        proxiesSold: 5,
        renewals: 0,
      },
    ]);
  });

  it.each([
    ['from after to', 'from=2026-03-12&to=2026-03-10'],
    ['a malformed day', 'from=2026-3-1&to=2026-03-10'],
    ['more than 366 days', 'from=2024-01-01&to=2026-01-01'],
    ['no range', ''],
  ])('should refuse %s with 400', async (_label, qs) => {
    const res = await get(`/api/stats/admin/get-stats-daily?${qs}`, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('VALIDATION_ERROR');
  });
});

describe("days in the site's time zone", () => {
  const url = '/api/stats/admin/get-stats-daily?from=2026-03-12&to=2026-03-13';
  const revenue = async () =>
    (await get(url, admin.token)).json().days.map((d: { date: string; revenue: number }) => [d.date, d.revenue]);

  it('should count 23:00 and 23:30 UTC in the next day in Ho Chi Minh and in the same day in UTC', async () => {
    // buy_key 120,000 at 23:00 UTC and auto_renew 30,000 at 23:30 UTC on 12 March (seedRange).
    const utc = await revenue();
    expect(utc).toEqual([
      ['2026-03-12', 150_000],
      ['2026-03-13', 0],
    ]);
    expect((await setZone(admin.token, 'Asia/Ho_Chi_Minh')).statusCode).toBe(200);
    try {
      expect(await revenue()).toEqual([
        ['2026-03-12', 0],
        ['2026-03-13', 150_000],
      ]);
      const breakdown = await get('/api/stats/admin/get-stats-breakdown?from=2026-03-12&to=2026-03-12', admin.token);
      expect(breakdown.json().products).toEqual([]);
      // The other site keeps its own zone.
      const other = await get(
        '/api/stats/admin/get-stats-daily?from=2026-03-10&to=2026-03-10',
        otherAdmin.token,
        OTHER,
      );
      expect(other.json().days[0].revenue).toBe(1_000_000);
    } finally {
      expect((await setZone(admin.token, 'UTC')).statusCode).toBe(200);
    }
    // Back in UTC, the closed days kept for that zone answer again.
    expect(await revenue()).toEqual(utc);
  });

  it("should start today and this month at the zone's midnight", async () => {
    // NOW is 12:00 UTC on 15 December; in Pago Pago (UTC-11) it is 01:00, so its today began at
    // 11:00 UTC: the sale at 11:00 UTC is in it, the top-up at 10:00 UTC is not.
    const utc = (await get('/api/stats/admin/get-total-stats', admin.token)).json();
    expect((await setZone(admin.token, 'Pacific/Pago_Pago')).statusCode).toBe(200);
    try {
      const pagoPago = (await get('/api/stats/admin/get-total-stats', admin.token)).json();
      expect([utc.revenueToday, utc.topupsToday]).toEqual([70_000, 250_000]);
      expect([pagoPago.revenueToday, pagoPago.topupsToday]).toEqual([70_000, 0]);
    } finally {
      expect((await setZone(admin.token, 'UTC')).statusCode).toBe(200);
    }
  });
});

describe('the stats-rollup job', () => {
  it("should store every site's last 90 closed days, and the daily figures should read them back", async () => {
    await fillStatsRollup(t.ctx);
    const [r] = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`select count(*) as n from stats_daily where site_id = ${a.siteId} and metric = '_done'`,
    );
    expect(Number(r?.n)).toBeGreaterThanOrEqual(90);
    const yesterday = new Date(t.clock.nowMs() - 24 * H).toISOString().slice(0, 10);
    const res = await get(`/api/stats/admin/get-stats-daily?from=${yesterday}&to=${yesterday}`, admin.token);
    // Yesterday 11:00 and 13:00 (seedNow).
    expect(res.json().days[0].revenue).toBe(25_000);
  });
});

describe('GET /api/stats/admin/get-stats-breakdown', () => {
  it('should give sales per product and renewals per product and country with the rate', async () => {
    const res = await get('/api/stats/admin/get-stats-breakdown?from=2026-03-10&to=2026-03-12', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      products: [
        { product: 'key', orders: 1, proxiesSold: 1, revenue: 120_000 },
        { product: 'v6', orders: 1, proxiesSold: 10, revenue: 400_000 },
      ],
      renewals: [
        { product: 'v4', country: 'DE', renewed: 0, expired: 1, rate: 0 },
        { product: 'v6', country: 'VN', renewed: 1, expired: 2, rate: 0.5 },
      ],
    });
    const other = await get(
      '/api/stats/admin/get-stats-breakdown?from=2026-03-10&to=2026-03-12',
      otherAdmin.token,
      OTHER,
    );
    expect(other.json()).toEqual({
      products: [{ product: 'v4', orders: 1, proxiesSold: 5, revenue: 1_000_000 }],
      renewals: [],
    });
  });
});

describe('GET /api/stats/admin/get-total-stats', () => {
  it("should give today's and this month's figures against the same spans before them", async () => {
    const res = await get('/api/stats/admin/get-total-stats', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const held = (await balanceOf(t, a.id)) + (await balanceOf(t, b.id)) + (await balanceOf(t, d.id));
    expect(res.json()).toEqual({
      users: 3,
      newUsersToday: 1,
      newUsersMonth: 1,
      activeProxies: { v6: 2, v4: 1 },
      activeKeys: 0,
      balanceHeld: held,
      revenueToday: 70_000,
      revenueMonth: 95_000,
      revenuePrevDay: 20_000,
      revenuePrevMonth: 300_000,
      topupsToday: 250_000,
      pendingTopups: 2,
      heldTopups: 1,
      expiringSoon: { proxies: 2, keys: 0, renewalRevenue: 100_000 },
    });
    const other = (await get('/api/stats/admin/get-total-stats', otherAdmin.token, OTHER)).json();
    expect(other).toMatchObject({
      users: 1,
      revenueToday: 33_000,
      topupsToday: 0,
      pendingTopups: 1,
      heldTopups: 0,
      balanceHeld: await balanceOf(t, c.id),
      activeProxies: { v6: 0, v4: 0 },
    });
  });
});

describe('GET /api/stats/admin/stock', () => {
  it('should give each pool its free addresses and the days they last at the last 14 days pace', async () => {
    const rows = (await get('/api/stats/admin/stock', admin.token)).json();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.free === null || r.free === r.total - r.used).toBe(true);
    }
    // Three proxies were made "now" (two v6 VN, one v4 VN): the VN pools' pace.
    const v4 = rows.find((r: { type: string; country: string }) => r.type === 'v4' && r.country === 'VN');
    if (v4 && v4.free !== null) {
      expect(v4.soldPerDay).toBe(0.07);
      expect(v4.daysLeft).toBe(Math.floor(v4.free * 14 * 10) / 10);
    }
  });
});

describe('admin only', () => {
  it('should answer 403 to a customer and 401 without a token on every stats call', async () => {
    for (const url of [
      '/api/stats/admin/get-total-stats',
      '/api/stats/admin/get-stats-daily?from=2026-03-10&to=2026-03-12',
      '/api/stats/admin/get-stats-breakdown?from=2026-03-10&to=2026-03-12',
      '/api/stats/admin/stock',
    ]) {
      const res = await get(url, a.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('FORBIDDEN');
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
