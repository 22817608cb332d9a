import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRenewJob } from '../../jobs/auto-renew.js';
import { alertsJob } from '../../jobs/alerts.js';
import { outboxJob } from '../../jobs/outbox.js';
import { runJob } from '../../jobs/runner.js';
import { balanceOf, build, buildSecondInstance, customer, fund, type TestApp } from '../../../test/helper.js';
import { changeBalance } from '../ledger/index.js';
import { BANK_KEY, codeBillOf, postBank, sepay, setPromotion } from '../../../test/payments.js';
import { vnDay, vnDayStart } from './messages.js';

let t: TestApp;
let t2: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
  t2 = await buildSecondInstance(t);
  await setPromotion(t, null);
});
afterAll(async () => {
  await t2.close();
  await t.close();
});

const DAY = 24 * 3600_000;
type Customer = Awaited<ReturnType<typeof customer>>;

/** Both instances' clocks moved to `at`. */
function moveTo(at: number) {
  const d = at - t.clock.nowMs();
  t.clock.advance(d);
  t2.clock.advance(d);
}

async function buy(c: Customer, quantity: number, days: number, autoRenew = false) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token: c.token,
    payload: { country: 'SG', quantity, period: { unit: 'day', value: days }, autoRenew },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; proxies: { id: string; expiresAt: string }[] }>();
}

async function setLanguage(c: Customer, body: Record<string, unknown>) {
  const res = await t.inject({ method: 'PUT', url: '/api/notify/settings', token: c.token, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

/** Mails to a customer on both instances' mailers. */
const mailsTo = (email: string) => [...t.mailer.mails, ...t2.mailer.mails].filter((m) => m.to === email);
/** Their subjects, sorted (two instances' mailers interleave in no set order). */
const subjects = (email: string) =>
  mailsTo(email)
    .map((m) => m.subject)
    .sort();

/** Both instances sweep and deliver at once, twice: what is sent must not change. */
async function sweepEverywhere() {
  for (let i = 0; i < 2; i++) {
    await Promise.all([
      runJob(t.ctx, alertsJob),
      runJob(t2.ctx, alertsJob, { wait: true }),
      runJob(t.ctx, outboxJob),
      runJob(t2.ctx, outboxJob),
    ]);
  }
  await runJob(t.ctx, outboxJob, { wait: true });
}

describe('expiry alerts', () => {
  it('should send one message per lead day listing the proxies, once, and not for a renewed proxy', async () => {
    const c = await customer(t, 5_000_000);
    await setLanguage(c, { language: 'en' });
    const a = await buy(c, 2, 10);
    const b = await buy(c, 1, 10);
    const day = vnDay(a.proxies[0]!.expiresAt);
    expect(vnDay(b.proxies[0]!.expiresAt)).toBe(day);
    const start = vnDayStart(day).getTime();

    // A minute before the 7-day lead: nothing.
    moveTo(start - 7 * DAY - 60_000);
    await c.relogin();
    await sweepEverywhere();
    expect(mailsTo(c.email)).toHaveLength(0);

    moveTo(start - 7 * DAY + 60_000);
    await sweepEverywhere();
    const seven = mailsTo(c.email);
    expect(seven.map((m) => m.subject)).toEqual(['3 proxies/keys expire in 7 days']);
    // The message lists each proxy by its address and port.
    expect(seven[0]!.text.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(3);

    // The single proxy of B is renewed before the 3-day lead: it leaves the group.
    await c.relogin();
    const renew = await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/renew-list-proxy',
      token: c.token,
      payload: { listProxyId: [b.proxies[0]!.id], period: { unit: 'day', value: 30 } },
    });
    expect(renew.statusCode, renew.body).toBe(200);

    moveTo(start - 3 * DAY + 60_000);
    await c.relogin();
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(['3 proxies/keys expire in 7 days', '2 proxies/keys expire in 3 days'].sort());

    moveTo(start - DAY + 60_000);
    await sweepEverywhere();
    moveTo(start - DAY + 12 * 3600_000);
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(
      ['3 proxies/keys expire in 7 days', '2 proxies/keys expire in 3 days', '2 proxies/keys expire in 1 day'].sort(),
    );

    // Expired: one message; then, a day before the lock, one "locked soon".
    moveTo(new Date(a.proxies[0]!.expiresAt).getTime() + 60_000);
    await sweepEverywhere();
    moveTo(new Date(a.proxies[0]!.expiresAt).getTime() + 6 * DAY + 3600_000);
    await sweepEverywhere();
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(
      [
        '3 proxies/keys expire in 7 days',
        '2 proxies/keys expire in 3 days',
        '2 proxies/keys expire in 1 day',
        '2 proxies/keys expired',
        '2 proxies/keys will be locked soon',
      ].sort(),
    );
  });

  it('should follow the chosen lead days and channels, and send nothing when email is off', async () => {
    const c = await customer(t, 5_000_000);
    const quiet = await customer(t, 5_000_000);
    await setLanguage(c, { leadDays: [5], language: 'vi' });
    await setLanguage(quiet, { email: false });
    const a = await buy(c, 1, 10);
    await buy(quiet, 1, 10);
    const start = vnDayStart(vnDay(a.proxies[0]!.expiresAt)).getTime();
    moveTo(start - 7 * DAY + 60_000);
    await c.relogin();
    await sweepEverywhere();
    expect(mailsTo(c.email)).toHaveLength(0);
    moveTo(start - 5 * DAY + 60_000);
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(['1 proxy/key hết hạn sau 5 ngày'].sort());
    expect(mailsTo(quiet.email)).toHaveLength(0);
  });
});

describe('no reminder for what was just bought', () => {
  it('should not remind of a 1-day proxy on the day it is bought, but say when it expired', async () => {
    const c = await customer(t, 5_000_000);
    await setLanguage(c, { language: 'en' });
    const { proxies } = await buy(c, 1, 1);
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual([]);
    moveTo(new Date(proxies[0]!.expiresAt).getTime() + 60_000);
    await c.relogin();
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(['1 proxy/key expired']);
  });
});

describe('the auto-renew shortfall warning', () => {
  it('should warn at the first lead day by exactly what is missing, so topping that up renews', async () => {
    const c = await customer(t, 5_000_000);
    await setLanguage(c, { language: 'en' });
    const order = await buy(c, 3, 10, true);
    // Spend all but a little, so the balance cannot cover the renewal.
    const left = 1_000;
    const spend = (await balanceOf(t, c.id)) - left;
    await t.ctx.db.transaction(async (tx) => {
      await changeBalance(tx, {
        userId: c.id,
        amount: -spend,
        type: 'admin_deduct',
        content: 'test',
        at: t.clock.now(),
      });
    });
    const start = vnDayStart(vnDay(order.proxies[0]!.expiresAt)).getTime();
    moveTo(start - 7 * DAY + 60_000);
    await c.relogin();
    await sweepEverywhere();
    const warn = mailsTo(c.email).filter((m) => m.subject.startsWith('Auto-renew will fail'));
    expect(warn).toHaveLength(1);
    const short = Number(/short by ([\d,]+) coins?/.exec(warn[0]!.subject)![1]!.replace(/,/g, ''));
    expect(short).toBeGreaterThan(0);
    // At the next lead days the warning is not repeated.
    moveTo(start - 3 * DAY + 60_000);
    await sweepEverywhere();
    expect(mailsTo(c.email).filter((m) => m.subject.startsWith('Auto-renew will fail'))).toHaveLength(1);
    // Topping up exactly the shortfall lets auto-renew charge the renewal to the last coin.
    await fund(t, c.id, short);
    moveTo(new Date(order.proxies[0]!.expiresAt).getTime() - 30 * 60_000);
    expect(await runJob(t.ctx, autoRenewJob, { wait: true })).toBe(true);
    expect(await balanceOf(t, c.id)).toBe(0);
    expect(mailsTo(c.email).filter((m) => m.subject.startsWith('Auto-renew failed'))).toHaveLength(0);
  });

  it('should not warn when the balance covers the coming renewals', async () => {
    const c = await customer(t, 5_000_000);
    const order = await buy(c, 1, 10, true);
    const start = vnDayStart(vnDay(order.proxies[0]!.expiresAt)).getTime();
    moveTo(start - 7 * DAY + 60_000);
    await c.relogin();
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(['1 proxy/key hết hạn sau 7 ngày'].sort());
  });
});

describe('low balance', () => {
  it('should alert once per crossing of the threshold', async () => {
    const c = await customer(t, 10_000);
    await setLanguage(c, { lowBalance: 50_000, language: 'en' });
    await sweepEverywhere();
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(['Low balance: 10,000 coins'].sort());
    await fund(t, c.id, 100_000);
    await sweepEverywhere();
    await t.ctx.db.transaction(async (tx) => {
      await changeBalance(tx, {
        userId: c.id,
        amount: -80_000,
        type: 'admin_deduct',
        content: 'test',
        at: t.clock.now(),
      });
    });
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(['Low balance: 10,000 coins', 'Low balance: 30,000 coins'].sort());
  });
});

describe('top-up credited', () => {
  it('should tell the customer once per credited top-up', async () => {
    const c = await customer(t);
    await setLanguage(c, { language: 'en' });
    const code = await codeBillOf(t, c.id);
    const body = sepay(`MBVCB.777.${code.toLowerCase()}.CT`, 150_000);
    expect((await postBank(t, body)).statusCode).toBe(200);
    expect((await postBank(t, body)).statusCode).toBe(200);
    await sweepEverywhere();
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(['Top-up credited: 150,000 coins']);
    expect(mailsTo(c.email)[0]!.text).toBe('150,000 coins credited. Balance: 150,000 coins.');
  });
});

describe('IP changed', () => {
  it('should tell only customers who opted in, once per change', async () => {
    const c = await customer(t, 5_000_000);
    const quiet = await customer(t, 5_000_000);
    await setLanguage(c, { language: 'en', events: ['ip.changed'] });
    for (const who of [c, quiet]) {
      const { proxies } = await buy(who, 1, 10);
      const res = await t.inject({
        method: 'POST',
        url: '/api/v4-proxy/reset-ip-manual',
        token: who.token,
        payload: { listProxyId: [proxies[0]!.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await sweepEverywhere();
    await sweepEverywhere();
    expect(subjects(c.email)).toEqual(['Proxy IP changed']);
    expect(subjects(quiet.email)).toEqual([]);
  });
});
