import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { autoRenewJob } from '../../jobs/auto-renew.js';
import { outboxJob } from '../../jobs/outbox.js';
import { runJob } from '../../jobs/runner.js';
import { createMailer } from '../../lib/mailer.js';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/index.js';
import { build, buildSecondInstance, customer, type TestApp } from '../../../test/helper.js';
import { deliverOutbox, kickOutbox, retryDelayMs } from './deliver.js';
import { enqueueMail } from './enqueue.js';

let t: TestApp;
let t2: TestApp;
let smtp: FakeSmtp;
beforeAll(async () => {
  t = await build();
  t2 = await buildSecondInstance(t);
  smtp = await startFakeSmtp();
  // Both instances mail through the real SMTP transport to the local fake.
  for (const app of [t, t2]) {
    app.ctx.mailer = createMailer({ smtpUrl: smtp.url, from: 'panel@example.com', log: app.ctx.log });
  }
});
afterAll(async () => {
  await smtp.close();
  await t2.close();
  await t.close();
});

const mailsTo = (address: string) => smtp.accepted.filter((m) => m.to.includes(address));

async function outboxRows(to: string) {
  return queryRows<{ sent: boolean; attempts: number; last_error: string | null }>(
    t.ctx.db,
    sql`select sent_at is not null as sent, attempts, last_error from outbox where payload->>'to' = ${to}`,
  );
}

async function payloadOf(to: string): Promise<string> {
  const rows = await queryRows<{ p: string }>(
    t.ctx.db,
    sql`select payload::text as p from outbox where payload->>'to' = ${to}`,
  );
  return JSON.stringify(JSON.parse(rows[0]!.p));
}

/** Both instances' clocks `ms` ahead (a retry comes due on whichever instance sweeps). */
function advance(ms: number) {
  t.clock.advance(ms);
  t2.clock.advance(ms);
}

describe('the outbox', () => {
  it('should mail the sign-up code before register answers', async () => {
    const email = `fast-${Date.now()}@example.com`;
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'abcdef1', passwordConfirm: 'abcdef1' },
    });
    expect(res.statusCode).toBe(200);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await outboxRows(email)).toEqual([{ sent: true, attempts: 1, last_error: null }]);
    // Once sent, the row keeps the address only: the code is not left in the database.
    expect(await payloadOf(email)).toEqual(JSON.stringify({ to: email }));
  });

  it('should keep a sign-up code the mail server refused, and send it once on a later run', async () => {
    const email = `retry-${Date.now()}@example.com`;
    smtp.failNext(1);
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'abcdef1', passwordConfirm: 'abcdef1' },
    });
    expect(res.statusCode).toBe(200);
    expect(mailsTo(email)).toHaveLength(0);
    const [row] = await outboxRows(email);
    expect(row).toMatchObject({ sent: false, attempts: 1 });
    expect(row!.last_error).toContain('451');
    const waiting = await payloadOf(email);
    // Not due yet: nothing is sent again at once.
    expect(await runJob(t.ctx, outboxJob)).toBe(true);
    expect(mailsTo(email)).toHaveLength(0);
    advance(retryDelayMs(1));
    await Promise.all([runJob(t.ctx, outboxJob), runJob(t2.ctx, outboxJob), deliverOutbox(t2.ctx)]);
    await runJob(t2.ctx, outboxJob);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await outboxRows(email)).toEqual([{ sent: true, attempts: 2, last_error: null }]);
    // The code in the retried mail verifies the account.
    const code = /\b(\d{6})\b/.exec(mailsTo(email)[0]!.raw)?.[1];
    // While it waited, the code was sealed, not stored in the clear.
    expect(waiting).toContain('sealed');
    expect(waiting).not.toContain(code!);
    const ver = await t.inject({ method: 'POST', url: '/api/auth/verify', payload: { email, code } });
    expect(ver.statusCode).toBe(200);
  });

  it('should keep an auto-renew failure mail the server refused, and deliver it exactly once later', async () => {
    const c = await customer(t, 3_000);
    const bought = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 }, autoRenew: true },
    });
    expect(bought.statusCode).toBe(200);
    const due = new Date(bought.json().proxies[0].expiresAt).getTime() - 30 * 60_000;
    advance(due - t.clock.nowMs());
    smtp.failNext(1);
    expect(await runJob(t.ctx, autoRenewJob)).toBe(true);
    expect(mailsTo(c.email)).toHaveLength(0);
    expect(await outboxRows(c.email)).toMatchObject([{ sent: false, attempts: 1 }]);
    // The failure itself is recorded once per expiry; later sweeps queue no second mail.
    advance(retryDelayMs(1));
    await runJob(t2.ctx, autoRenewJob);
    await runJob(t2.ctx, outboxJob);
    await runJob(t.ctx, outboxJob);
    expect(mailsTo(c.email)).toHaveLength(1);
    expect(await outboxRows(c.email)).toEqual([{ sent: true, attempts: 2, last_error: null }]);
  });

  it('should deliver each row once when both instances deliver at the same time', async () => {
    const tag = Date.now();
    const addresses = [...Array(40)].map((_, i) => `burst-${tag}-${i}@example.com`);
    const ids: string[] = [];
    for (const to of addresses) {
      ids.push(await enqueueMail(t.ctx, t.ctx.db, { to, subject: 'burst', text: 'burst' }));
    }
    await Promise.all([
      deliverOutbox(t.ctx),
      deliverOutbox(t2.ctx),
      runJob(t.ctx, outboxJob),
      runJob(t2.ctx, outboxJob),
      kickOutbox(t.ctx, ids.slice(0, 20)),
      kickOutbox(t2.ctx, ids),
    ]);
    const got = addresses.map((a) => mailsTo(a).length);
    expect(got).toEqual(addresses.map(() => 1));
    // Each row claimed once: one attempt each, all sent.
    const [sum] = await queryRows<{ sent: number | string; attempts: number | string }>(
      t.ctx.db,
      sql`select count(sent_at) as sent, sum(attempts) as attempts from outbox where payload->>'to' like ${`burst-${tag}-%`}`,
    );
    expect([Number(sum!.sent), Number(sum!.attempts)]).toEqual([40, 40]);
  });
});
