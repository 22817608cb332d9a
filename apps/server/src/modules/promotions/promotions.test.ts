import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promotionBonus } from '@proxy/contract';
import { queryRows } from '../../db/client.js';
import { balanceOf, build, customer, type TestApp } from '../../../test/helper.js';
import { BANK_KEY, codeBillOf, expectLedgerHolds, postBank, sepay, siteAdmin, siteId } from '../../../test/payments.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof siteAdmin>>;
let otherAdmin: Awaited<ReturnType<typeof siteAdmin>>;
const OTHER = 'proxy-owner.localhost';
const TIERS = [
  { minAmount: 100_000, percent: 5 },
  { minAmount: 1_000_000, percent: 10 },
  { minAmount: 5_000_000, percent: 15 },
];

beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY, DEMO: '1' });
  admin = await siteAdmin(t);
  otherAdmin = await siteAdmin(t, OTHER);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown, host = 'localhost') {
  return t.inject({ method, url, token, headers: { host }, ...(payload ? { payload: payload } : {}) });
}

/** Switches off every promotion of the site, as its admin would. */
async function stopAll(token = admin.token, host = 'localhost') {
  const list = (await call('GET', '/api/promotion/list?limit=500', token, undefined, host)).json();
  for (const p of list.items.filter((x: { active: boolean }) => x.active)) {
    const res = await call('PUT', `/api/promotion/update/${p.id}`, token, { active: false }, host);
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function start(body: Record<string, unknown> = {}) {
  await stopAll();
  const res = await call('POST', '/api/promotion/add', admin.token, {
    name: 'Test promo',
    tiers: TIERS,
    startsAt: new Date(t.clock.nowMs() - 60_000).toISOString(),
    endsAt: null,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>();
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [r] = await queryRows<{ n: string }>(t.ctx.db, query);
  return Number(r?.n ?? 0);
}

describe('POST /api/promotion/add', () => {
  beforeEach(async () => {
    await stopAll();
  });

  it('should refuse a second active promotion with 409 PROMOTION_ACTIVE_EXISTS', async () => {
    await start();
    const res = await call('POST', '/api/promotion/add', admin.token, {
      name: 'Second',
      tiers: TIERS,
      startsAt: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('PROMOTION_ACTIVE_EXISTS');
  });

  it('should let exactly one of 20 concurrent creates be active', async () => {
    const site = await siteId(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/promotion/add', admin.token, {
          name: `Race ${i}`,
          tiers: TIERS,
          startsAt: new Date().toISOString(),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await count(sql`select count(*) as n from promotions where site_id = ${site} and active`)).toBe(1);
  });

  it('should refuse switching a second one on by update', async () => {
    const first = await start();
    await call('PUT', `/api/promotion/update/${first.id}`, admin.token, { active: false });
    const second = await start();
    const res = await call('PUT', `/api/promotion/update/${first.id}`, admin.token, { active: true });
    expect(res.statusCode).toBe(409);
    const get = (await call('GET', '/api/promotion/get')).json();
    expect(get.id).toBe(second.id);
  });

  it.each([
    ['descending tiers', { tiers: [TIERS[1], TIERS[0]] }],
    ['equal thresholds', { tiers: [TIERS[0], TIERS[0]] }],
    ['percent 0', { tiers: [{ minAmount: 1000, percent: 0 }] }],
    ['percent 101', { tiers: [{ minAmount: 1000, percent: 101 }] }],
    ['a fractional percent', { tiers: [{ minAmount: 1000, percent: 12.5 }] }],
    ['no tiers', { tiers: [] }],
    ['a negative threshold', { tiers: [{ minAmount: -5, percent: 10 }] }],
    ['an end before the start', { startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' }],
    ['a bad date', { startsAt: 'tomorrow' }],
    ['an empty name', { name: '  ' }],
  ])('should refuse %s with 400 and create nothing', async (_label, patch) => {
    const before = await count(sql`select count(*) as n from promotions`);
    const res = await call('POST', '/api/promotion/add', admin.token, {
      name: 'Bad',
      tiers: TIERS,
      startsAt: new Date().toISOString(),
      ...patch,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('VALIDATION_ERROR');
    expect(await count(sql`select count(*) as n from promotions`)).toBe(before);
  });
});

describe('admin calls', () => {
  it('should answer 403 to a customer on every admin call, and let anyone read the running one', async () => {
    const c = await customer(t);
    const p = await start();
    const calls: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['POST', '/api/promotion/add', { name: 'x', tiers: TIERS, startsAt: new Date().toISOString() }],
      ['PUT', `/api/promotion/update/${p.id}`, { active: false }],
      ['GET', '/api/promotion/list'],
      ['GET', '/api/promotion/stats'],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, c.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('FORBIDDEN');
    }
    expect((await call('GET', '/api/promotion/get')).json().id).toBe(p.id);
    expect((await call('GET', '/api/promotion/get', c.token)).json().id).toBe(p.id);
  });

  it("should keep each site's promotions to itself", async () => {
    const p = await start();
    const other = await call('GET', '/api/promotion/list', otherAdmin.token, undefined, OTHER);
    expect(other.json().items.map((x: { id: string }) => x.id)).not.toContain(p.id);
    const upd = await call('PUT', `/api/promotion/update/${p.id}`, otherAdmin.token, { active: false }, OTHER);
    expect(upd.statusCode).toBe(404);
    expect(upd.json().message).toBe('PROMOTION_NOT_EXISTS');
    const stats = await call('GET', `/api/promotion/stats?promotionId=${p.id}`, otherAdmin.token, undefined, OTHER);
    expect(stats.statusCode).toBe(404);
    // The other site's running promotion is its own (the demo's), not this one.
    expect((await call('GET', '/api/promotion/get', undefined, undefined, OTHER)).json()?.id).not.toBe(p.id);
    // The site admin's token is refused on the other host altogether.
    expect((await call('GET', '/api/promotion/list', admin.token, undefined, OTHER)).statusCode).toBeGreaterThanOrEqual(
      401,
    );
  });

  it('should show the running promotion in the site info, and none once stopped', async () => {
    const p = await start({ endsAt: new Date(t.clock.nowMs() + 86_400_000).toISOString() });
    const info = (await call('GET', '/api/site/get-site-info')).json();
    expect(info.promotion.tiers).toEqual(TIERS);
    expect(info.promotion.endsAt).toBeTruthy();
    await call('PUT', `/api/promotion/update/${p.id}`, admin.token, { active: false });
    expect((await call('GET', '/api/site/get-site-info')).json().promotion).toBeNull();
    expect((await call('GET', '/api/promotion/get')).json()).toBeNull();
  });

  it('should drop a promotion from the site info once it has ended, though the info is kept between calls', async () => {
    await start({ endsAt: new Date(t.clock.nowMs() + 3_600_000).toISOString() });
    expect((await call('GET', '/api/site/get-site-info')).json().promotion.tiers).toEqual(TIERS);
    t.clock.advance(2 * 3_600_000);
    try {
      expect((await call('GET', '/api/site/get-site-info')).json().promotion).toBeNull();
    } finally {
      t.clock.advance(-2 * 3_600_000);
    }
  });
});

async function bankTopUp(amount: number) {
  const c = await customer(t);
  const res = await postBank(t, sepay(await codeBillOf(t, c.id), amount));
  expect(res.statusCode).toBe(200);
  return { c, balance: await balanceOf(t, c.id) };
}

describe('the bonus of a credited top-up', () => {
  it.each([
    [99_999, 0],
    [100_000, 5_000],
    [999_999, 49_999],
    [1_000_000, 100_000],
    [4_999_999, 499_999],
    [5_000_000, 750_000],
    [7_000_001, 1_050_000],
  ])('should pick the highest tier a top-up of %i reaches: bonus %i', async (amount, bonus) => {
    await start();
    const { balance } = await bankTopUp(amount);
    expect(balance).toBe(amount + bonus);
  });

  it('should credit the bonus the top-up page shows (promotionBonus): the best percent reached, not the last threshold', async () => {
    const tiers = [
      { minAmount: 100_000, percent: 20 },
      { minAmount: 1_000_000, percent: 10 },
    ];
    const p = await start({ tiers });
    const shown = promotionBonus(2_000_000, { tiers });
    expect(shown).toBe(400_000);
    const { c, balance } = await bankTopUp(2_000_000);
    const ledger = await queryRows<{ amount: string }>(
      t.ctx.db,
      sql`select amount::text as amount from transactions where user_id = ${c.id} and type = 'promotion'`,
    );
    expect(ledger.map((r) => Number(r.amount))).toEqual([shown]);
    expect(balance).toBe(2_000_000 + shown);
    const stats = (await call('GET', `/api/promotion/stats?promotionId=${p.id}`, admin.token)).json();
    expect(stats.byTier).toEqual([{ minAmount: 100_000, percent: 20, topups: 1, users: 1, bonusCoins: shown }]);
  });

  it('should give nothing before the start, after the end, or when switched off', async () => {
    await start({ startsAt: new Date(t.clock.nowMs() + 3_600_000).toISOString() });
    expect((await bankTopUp(1_000_000)).balance).toBe(1_000_000);
    await start({
      startsAt: new Date(t.clock.nowMs() - 7_200_000).toISOString(),
      endsAt: new Date(t.clock.nowMs() - 3_600_000).toISOString(),
    });
    expect((await bankTopUp(1_000_000)).balance).toBe(1_000_000);
    await stopAll();
    expect((await bankTopUp(1_000_000)).balance).toBe(1_000_000);
  });

  it('should credit the bonus exactly once for 20 concurrent deliveries of one transfer and a replay', async () => {
    const p = await start();
    const c = await customer(t);
    const body = sepay(await codeBillOf(t, c.id), 2_000_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postBank(t, body)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await postBank(t, body)).statusCode).toBe(200);
    expect(await balanceOf(t, c.id)).toBe(2_200_000);
    expect(
      await count(sql`select count(*) as n from transactions where user_id = ${c.id} and type = 'promotion'`),
    ).toBe(1);
    expect(await count(sql`select count(*) as n from promotion_grants where user_id = ${c.id}`)).toBe(1);
    const stats = (await call('GET', `/api/promotion/stats?promotionId=${p.id}`, admin.token)).json();
    expect(stats).toMatchObject({ bonusCoins: 200_000, topups: 1, users: 1 });

    // from/to take a date (that UTC day included) or an ISO date-time.
    const [grant] = await queryRows<{ ms: string }>(
      t.ctx.db,
      sql`select (extract(epoch from created_at) * 1000)::bigint::text as ms from promotion_grants where user_id = ${c.id}`,
    );
    const at = new Date(Number(grant!.ms));
    const day = at.toISOString().slice(0, 10);
    const before = new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
    const range = async (from: string, to: string) => {
      const q = `promotionId=${p.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
      const res = await call('GET', `/api/promotion/stats?${q}`, admin.token);
      expect(res.statusCode, `${from}..${to}`).toBe(200);
      return res.json().topups as number;
    };
    expect(await range(day, day)).toBe(1);
    expect(await range(before, before)).toBe(0);
    expect(await range(`${day}T00:00:00Z`, `${day}T23:59:59.999+00:00`)).toBe(1);
    expect(await range(before, `${day}T00:00:00Z`)).toBe(0);
    for (const bad of ['2026-13-01', '28/11/2026', 'yesterday']) {
      const res = await call('GET', `/api/promotion/stats?from=${bad}`, admin.token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
    }
  });

  it("should give an admin's credit of an announced top-up its bonus once, under 20 concurrent marks", async () => {
    await start();
    const c = await customer(t);
    const created = await call('POST', '/api/user/bank-create-order', c.token, { amount: 5_000_000 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('PUT', `/api/bill/admin/topup/${id}`, admin.token, { note: '' })),
    );
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(await balanceOf(t, c.id)).toBe(5_750_000);
    const list = (await call('GET', '/api/log/list-topup', c.token)).json();
    expect(list.items[0]).toMatchObject({ amount: 5_000_000, bonus: 750_000, status: 'success' });
  });
});

describe('GET /api/promotion/stats', () => {
  it('should add up bonuses, top-ups and users per tier of one promotion', async () => {
    const p = await start();
    const a = await customer(t);
    const b = await customer(t);
    const codeA = await codeBillOf(t, a.id);
    const codeB = await codeBillOf(t, b.id);
    for (const [code, amount] of [
      [codeA, 100_000],
      [codeA, 200_000],
      [codeB, 150_000],
      [codeA, 1_000_000],
      [codeB, 6_000_000],
      [codeB, 50_000],
    ] as const) {
      expect((await postBank(t, sepay(code, amount))).statusCode).toBe(200);
    }
    const res = await call('GET', `/api/promotion/stats?promotionId=${p.id}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bonusCoins: 5_000 + 10_000 + 7_500 + 100_000 + 900_000,
      topups: 5,
      users: 2,
      byTier: [
        { minAmount: 100_000, percent: 5, topups: 3, users: 2, bonusCoins: 22_500 },
        { minAmount: 1_000_000, percent: 10, topups: 1, users: 1, bonusCoins: 100_000 },
        { minAmount: 5_000_000, percent: 15, topups: 1, users: 1, bonusCoins: 900_000 },
      ],
    });
    const future = new Date(t.clock.nowMs() + 3_600_000).toISOString();
    const empty = await call(
      'GET',
      `/api/promotion/stats?promotionId=${p.id}&from=${encodeURIComponent(future)}`,
      admin.token,
    );
    expect(empty.json()).toMatchObject({ bonusCoins: 0, topups: 0, users: 0, byTier: [] });
  });
});
