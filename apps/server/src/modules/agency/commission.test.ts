import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, countRows, customer, type TestApp } from '../../../test/helper.js';
import {
  BANK_KEY,
  codeBillOf,
  configureMethod,
  expectLedgerHolds,
  postBank,
  sepay,
  setPromotion,
} from '../../../test/payments.js';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@proxy/contract';
import { activeAgency, B, call, joinMember, registerMember } from '../../../test/agency.js';
import { commissionOf } from './credit-commission.js';
import { findCommissionMismatches } from './audit-commissions.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
  await setPromotion(t, null, B);
  await configureMethod(t, 'bank', { enabled: true, webhookKey: BANK_KEY }, B);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
  expect(await findCommissionMismatches(t.ctx.db)).toEqual([]);
});

async function commissionRows(ownerId: string): Promise<number> {
  return countRows(t, `transactions where user_id = '${ownerId}' and type = 'agency_commission'`);
}

describe('commissionOf', () => {
  it('should round down to whole coins', () => {
    expect(commissionOf(10_001, 10)).toBe(1000);
    expect(commissionOf(99, 50)).toBe(49);
    expect(commissionOf(1_000_000_000, 50)).toBe(500_000_000);
    expect(commissionOf(12_345, 0)).toBe(0);
  });
});

describe('commission on a member’s top-up', () => {
  it('should credit the owner 10% once, also when the webhook is replayed', async () => {
    const { owner, code } = await activeAgency(t, 10);
    const member = await registerMember(t, code);
    const body = sepay(`pay ${await codeBillOf(t, member.id)}`, 123_459);
    for (let i = 0; i < 3; i++) {
      const res = await postBank(t, body, BANK_KEY, B);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await balanceOf(t, member.id)).toBe(123_459);
    expect(await balanceOf(t, owner.id)).toBe(12_345);
    expect(await commissionRows(owner.id)).toBe(1);
    const members = await call(t, owner.token, 'GET', '/api/agency/list-member');
    expect(members.json().items[0]).toMatchObject({ email: member.email, deposit: 123_459 });
    const stats = await call(t, owner.token, 'GET', '/api/agency/my-stats');
    expect(stats.json()).toEqual({ members: 1, totalDeposit: 123_459, totalCommission: 12_345, balanceTransferred: 0 });
    const day = dayIn(t.clock.now(), DEFAULT_TIME_ZONE);
    const daily = await call(t, owner.token, 'GET', `/api/agency/stats?from=${day}&to=${day}`);
    expect(daily.json().days).toEqual([{ date: day, newMembers: 1, deposit: 123_459, commission: 12_345 }]);
  });

  it('should credit once per top-up for 20 concurrent webhooks of 20 members, each delivered twice', async () => {
    const { owner, code } = await activeAgency(t, 7);
    const members = [];
    for (let i = 0; i < 20; i++) {
      members.push(await joinMember(t, code));
    }
    const bodies = await Promise.all(
      members.map(async (m, i) => sepay(`NAP ${await codeBillOf(t, m.id)}`, 10_000 + i * 1_001)),
    );
    const results = await Promise.all([...bodies, ...bodies].map((b) => postBank(t, b, BANK_KEY, B)));
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(200);
    }
    const expected = bodies.reduce((s, b) => s + commissionOf(b.transferAmount, 7), 0);
    expect(await balanceOf(t, owner.id)).toBe(expected);
    expect(await commissionRows(owner.id)).toBe(20);
    const stats = await call(t, owner.token, 'GET', '/api/agency/my-stats');
    expect(stats.json()).toMatchObject({ members: 20, totalCommission: expected });
  });

  it('should credit the commission when an admin marks a member’s top-up paid, and only once', async () => {
    const { owner, code, admin } = await activeAgency(t, 20);
    const member = await registerMember(t, code);
    const created = await call(t, member.token, 'POST', '/api/user/bank-create-order', { amount: 50_000 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const marks = await Promise.all(
      Array.from({ length: 5 }, () => call(t, admin.token, 'PUT', `/api/bill/admin/topup/${id}`, {})),
    );
    expect(marks.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t, owner.id)).toBe(10_000);
    expect(await commissionRows(owner.id)).toBe(1);
  });

  it('should pay nothing while the agency is disabled or at 0%, yet count the deposit', async () => {
    const { owner, code, agency, admin } = await activeAgency(t, 0);
    const member = await registerMember(t, code);
    await postBank(t, sepay(`x ${await codeBillOf(t, member.id)}`, 20_000), BANK_KEY, B);
    await call(t, admin.token, 'PUT', '/api/agency-admin/update', { agencyId: agency.id, commissionPercent: 30 });
    await call(t, admin.token, 'PUT', '/api/agency-admin/toggle-agency-status', {
      agencyId: agency.id,
      isActive: false,
    });
    await postBank(t, sepay(`x ${await codeBillOf(t, member.id)}`, 30_000), BANK_KEY, B);
    expect(await balanceOf(t, owner.id)).toBe(0);
    const stats = await call(t, owner.token, 'GET', '/api/agency/my-stats');
    expect(stats.json()).toMatchObject({ totalDeposit: 50_000, totalCommission: 0 });
  });

  it('should not pay commission on a top-up of a customer who is no member', async () => {
    const { owner } = await activeAgency(t, 50);
    const stranger = await customer(t, 0, B);
    await postBank(t, sepay(`x ${await codeBillOf(t, stranger.id)}`, 40_000), BANK_KEY, B);
    expect(await balanceOf(t, stranger.id)).toBe(40_000);
    expect(await balanceOf(t, owner.id)).toBe(0);
  });
});

describe('POST /api/agency/transfer', () => {
  it('should move coins from the owner to a member in two ledger rows, once per Idempotency-Key', async () => {
    const { owner, code } = await activeAgency(t, 10, 100_000);
    const member = await registerMember(t, code);
    const send = (key: string, amount = 30_000) =>
      t.inject({
        method: 'POST',
        url: '/api/agency/transfer',
        token: owner.token,
        headers: { host: B, 'idempotency-key': key },
        payload: { email: member.email, amount },
      });
    const results = await Promise.all(Array.from({ length: 20 }, () => send('k-1')));
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ email: member.email, amount: 30_000, balance: 70_000 });
    }
    expect(await balanceOf(t, owner.id)).toBe(70_000);
    expect(await balanceOf(t, member.id)).toBe(30_000);
    const reused = await send('k-1', 1);
    expect([reused.statusCode, reused.json().message]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);

    const tooMuch = await send('k-2', 70_001);
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([400, 'NOT_ENOUGH_MONEY']);
    expect(await balanceOf(t, member.id)).toBe(30_000);

    // 20 different keys racing for 70,000 coins: exactly 7 of 10,000 go through.
    const race = await Promise.all(Array.from({ length: 20 }, (_, i) => send(`r-${i}`, 10_000)));
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(7);
    expect(await balanceOf(t, owner.id)).toBe(0);
    expect(await balanceOf(t, member.id)).toBe(100_000);
    const stats = await call(t, owner.token, 'GET', '/api/agency/my-stats');
    expect(stats.json().balanceTransferred).toBe(100_000);
  });

  it('should refuse a non-member, a member of another agency and a disabled agency', async () => {
    const { owner, code, agency, admin } = await activeAgency(t, 10, 10_000);
    const other = await activeAgency(t, 10);
    const theirs = await registerMember(t, other.code);
    const stranger = await customer(t, 0, B);
    for (const email of [stranger.email, theirs.email, owner.email]) {
      const res = await call(t, owner.token, 'POST', '/api/agency/transfer', { email, amount: 1 });
      expect([res.statusCode, res.json().message]).toEqual([404, 'USER_NOT_EXISTS']);
    }
    const mine = await registerMember(t, code);
    await call(t, admin.token, 'PUT', '/api/agency-admin/toggle-agency-status', {
      agencyId: agency.id,
      isActive: false,
    });
    const res = await call(t, owner.token, 'POST', '/api/agency/transfer', { email: mine.email, amount: 1 });
    expect([res.statusCode, res.json().message]).toEqual([400, 'AGENCY_NOT_ACTIVE']);
    expect(await balanceOf(t, owner.id)).toBe(10_000);
  });
});

describe("the agency's days in the site's time zone", () => {
  it('should count a top-up at 23:30 UTC in the next day in Ho Chi Minh and in the same day in UTC', async () => {
    // The next 23:30 UTC (within a day: the sessions below stay valid).
    const now = t.clock.nowMs();
    const target = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T23:30:00Z`);
    t.clock.advance((target > now ? target : target + 86_400_000) - now);
    const utcDay = t.clock.now().toISOString().slice(0, 10);
    const { owner, code, admin } = await activeAgency(t, 10);
    const member = await registerMember(t, code);
    expect((await postBank(t, sepay(`pay ${await codeBillOf(t, member.id)}`, 200_000), BANK_KEY, B)).statusCode).toBe(
      200,
    );
    const days = async () => {
      const q = `from=${addDays(utcDay, -1)}&to=${addDays(utcDay, 1)}`;
      const res = await call(t, owner.token, 'GET', `/api/agency/stats?${q}`);
      return res
        .json()
        .days.map((d: { date: string; newMembers: number; deposit: number }) => [d.date, d.newMembers, d.deposit]);
    };
    expect(await days()).toEqual([
      [addDays(utcDay, -1), 0, 0],
      [utcDay, 0, 0],
      [addDays(utcDay, 1), 1, 200_000],
    ]);
    const zone = (timeZone: string) =>
      call(t, admin.token, 'PUT', '/api/setting/admin/update', { settings: { timeZone } });
    expect((await zone('UTC')).statusCode).toBe(200);
    try {
      expect(await days()).toEqual([
        [addDays(utcDay, -1), 0, 0],
        [utcDay, 1, 200_000],
        [addDays(utcDay, 1), 0, 0],
      ]);
    } finally {
      await zone(DEFAULT_TIME_ZONE);
    }
  });
});
