import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.js';
import { createMailer } from '../lib/mailer.js';
import { jobRuns } from '../lib/metrics.js';
import { startFakeSmtp, type FakeSmtp } from '../../test/fakes/index.js';
import {
  balanceOf,
  build,
  buildSecondInstance,
  countRows,
  customer,
  ledgerMismatches,
  type TestApp,
  waitFor,
} from '../../test/helper.js';
import { autoRenewJob } from './auto-renew.js';
import { acquireLease } from './lease.js';
import { runJob, startJobs, type Job } from './runner.js';

let t: TestApp;
let t2: TestApp;
let smtp: FakeSmtp;
beforeAll(async () => {
  t = await build();
  t2 = await buildSecondInstance(t);
  smtp = await startFakeSmtp();
  // The real SMTP transport, talking to the local fake.
  t.ctx.mailer = createMailer({ smtpUrl: smtp.url, from: 'panel@example.com', log: t.ctx.log });
});
afterAll(async () => {
  await smtp.close();
  await t2.close();
  await t.close();
});

const V4_SG_DAY = 3_000;
type Customer = Awaited<ReturnType<typeof customer>>;

async function buyV4(c: Customer) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token: c.token,
    payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 }, autoRenew: true },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ order: { id: string }; proxies: { id: string; expiresAt: string }[] }>();
}

/** Both instances' clocks to half an hour before `expiresAt`, so the proxy is due for renewal. */
function toJustBefore(expiresAt: string) {
  const target = new Date(expiresAt).getTime() - 30 * 60_000;
  t.clock.advance(target - t.clock.nowMs());
  t2.clock.advance(target - t2.clock.nowMs());
}

async function expiryOf(proxyId: string): Promise<number> {
  const rows = await queryRows<{ e: Date | string }>(
    t.ctx.db,
    sql`select expires_at as e from proxies where id = ${proxyId}`,
  );
  return new Date(rows[0]!.e).getTime();
}

/** The promise's value, or 'timeout' if it takes longer than `ms` (the request is blocked). */
function within<T>(ms: number, p: Promise<T>): Promise<T | 'timeout'> {
  return Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref())]);
}

describe('the job runtime', () => {
  it('should answer other requests promptly while an auto-renew sweep waits on a slow mail server', async () => {
    // A balance for exactly one day: the renewal fails and the user is mailed.
    const poor = await customer(t, V4_SG_DAY);
    const { order, proxies } = await buyV4(poor);
    const other = await customer(t, 100_000);
    toJustBefore(proxies[0]!.expiresAt);
    await poor.relogin();
    await other.relogin();
    smtp.hold();
    let sweepDone = false;
    const sweep = runJob(t.ctx, autoRenewJob).finally(() => (sweepDone = true));
    try {
      await smtp.held;
      // The mail server has the failure mail and does not answer; the panel must.
      const answers = await within(
        5_000,
        Promise.all([
          t.inject({ method: 'GET', url: '/api/user/me', token: poor.token }),
          t.inject({
            method: 'POST',
            url: '/api/v4-proxy/buy-retail',
            token: other.token,
            payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 } },
          }),
          t.inject({
            method: 'PUT',
            url: `/api/order/auto-renew/${order.id}`,
            token: poor.token,
            payload: { autoRenew: false },
          }),
        ]),
      );
      expect(answers === 'timeout' ? 'timeout' : answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(sweepDone).toBe(false);
    } finally {
      smtp.release();
    }
    expect(await sweep).toBe(true);
    expect(smtp.accepted.filter((m) => m.to.includes(poor.email))).toHaveLength(1);
    const [row] = await queryRows<{ sent: boolean; attempts: number }>(
      t.ctx.db,
      sql`select sent_at is not null as sent, attempts from outbox where payload->>'to' = ${poor.email}`,
    );
    expect(row).toEqual({ sent: true, attempts: 1 });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should keep the renewals of other orders when one order of the sweep fails', async () => {
    const buyers = [await customer(t, 100_000), await customer(t, 100_000), await customer(t, 100_000)];
    const bought = [];
    for (const c of buyers) {
      bought.push(await buyV4(c));
    }
    const [good1, bad, good2] = bought.map((b) => ({ order: b.order.id, proxy: b.proxies[0]! }));
    // A fault in the middle order's renewal (as a lost connection or a full disk would raise).
    await t.ctx.db.execute(
      sql.raw(`create or replace function test_fail_order() returns trigger language plpgsql as $$
               begin raise exception 'test fault'; end $$`),
    );
    await t.ctx.db.execute(
      sql.raw(`create trigger test_fail_order before update on orders for each row
               when (new.id = '${bad!.order}') execute function test_fail_order()`),
    );
    try {
      toJustBefore(good2!.proxy.expiresAt);
      const before = await Promise.all(buyers.map((c) => balanceOf(t, c.id)));
      await runJob(t.ctx, autoRenewJob);
      const after = await Promise.all(buyers.map((c) => balanceOf(t, c.id)));
      expect(after.map((b, i) => before[i]! - b)).toEqual([V4_SG_DAY, 0, V4_SG_DAY]);
      const day = 24 * 3600_000;
      expect(await expiryOf(good1!.proxy.id)).toBe(new Date(good1!.proxy.expiresAt).getTime() + day);
      expect(await expiryOf(bad!.proxy.id)).toBe(new Date(bad!.proxy.expiresAt).getTime());
      expect(await expiryOf(good2!.proxy.id)).toBe(new Date(good2!.proxy.expiresAt).getTime() + day);
      expect(await ledgerMismatches(t)).toEqual([]);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger test_fail_order on orders'));
    }
  });

  it('should never run one job on two instances at once', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let active = 0;
    let most = 0;
    let runs = 0;
    const probe: Job = {
      name: 'probe',
      everyMs: 60_000,
      async run(ctx) {
        active++;
        most = Math.max(most, active);
        runs++;
        await queryRows(ctx.db, sql`select 1`);
        if (runs === 1) {
          await gate;
        }
        active--;
      },
    };
    const first = runJob(t.ctx, probe);
    while (runs === 0) {
      await new Promise((r) => setImmediate(r));
    }
    // Held by the first sweep: both instances skip, on their own and in parallel.
    const skipped = await Promise.all([...Array(10)].map((_, i) => runJob(i % 2 ? t.ctx : t2.ctx, probe)));
    expect(skipped.filter(Boolean)).toHaveLength(0);
    release();
    expect(await first).toBe(true);
    // Released: the next one runs, and of a parallel burst over both instances each sweep runs alone.
    const burst = await Promise.all([...Array(10)].map((_, i) => runJob(i % 2 ? t.ctx : t2.ctx, probe)));
    expect(burst.filter(Boolean).length).toBe(runs - 1);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(await countRows(t, 'job_leases')).toBe(0);
  });

  it('should let another instance take a sweep over once the lease of a crashed holder runs out', async () => {
    const c = await customer(t, 100_000);
    const { proxies } = await buyV4(c);
    toJustBefore(proxies[0]!.expiresAt);
    const before = await balanceOf(t, c.id);
    // What an instance that died in the middle of its auto-renew sweep leaves: its lease, for a
    // little while longer (1.5 s here instead of LEASE_MS, so the test need not wait a minute).
    await t.ctx.db.execute(
      sql`insert into job_leases (name, holder, expires_at)
          values (${autoRenewJob.name}, 'crashed-instance', clock_timestamp() + interval '1.5 seconds')`,
    );
    expect(await runJob(t2.ctx, autoRenewJob)).toBe(false);
    expect(await balanceOf(t, c.id)).toBe(before);
    // Once it runs out, the other instance takes the sweep over.
    await waitFor(() => runJob(t2.ctx, autoRenewJob));
    expect(await balanceOf(t, c.id)).toBe(before - V4_SG_DAY);
    expect(await countRows(t, 'job_leases')).toBe(0);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it("should tell a sweep that lost its lease to stop, and not release the new holder's lease", async () => {
    const lease = await acquireLease(t.ctx, 'probe-lost', 1_000);
    expect(lease).toBeDefined();
    // Taken over (as after an expiry while this holder was stalled).
    await t.ctx.db.execute(sql`update job_leases set holder = 'other' where name = 'probe-lost'`);
    await waitFor(() => lease!.signal.aborted);
    await lease!.release();
    const rows = await queryRows<{ holder: string }>(
      t.ctx.db,
      sql`select holder from job_leases where name = 'probe-lost'`,
    );
    expect(rows).toEqual([{ holder: 'other' }]);
    await t.ctx.db.execute(sql`delete from job_leases`);
  });

  it('should stop with no lease held, also when a tick was still taking its lease', async () => {
    // Only the runner's timers are the test's: the tick fires when the test says so.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let sweeps = 0;
      const probe: Job = {
        name: 'probe-stop',
        everyMs: 1_000,
        async run() {
          sweeps++;
        },
      };
      const stop = startJobs(t.ctx, [probe]);
      // The tick asks the database for the lease; the stop comes before the answer does.
      vi.advanceTimersByTime(1_000);
      await stop();
      // A lease held after the stop would keep the job from every other instance until it ran out.
      expect(await countRows(t, 'job_leases')).toBe(0);
      expect(sweeps).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should take no lease on the ticks of an idle job, and sweep on the first tick it is not idle', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const runs = async (result: string) =>
      (await jobRuns.get()).values.find((v) => v.labels.job === 'probe-idle' && v.labels.result === result)?.value ?? 0;
    // The other instance holds the lease: a tick that asked for it would be counted as skipped.
    const held = await acquireLease(t2.ctx, 'probe-idle');
    expect(held).toBeDefined();
    let idle = true;
    let sweeps = 0;
    const probe: Job = {
      name: 'probe-idle',
      everyMs: 1_000,
      idle: () => Promise.resolve(idle),
      async run() {
        sweeps++;
      },
    };
    const stop = startJobs(t.ctx, [probe]);
    try {
      vi.advanceTimersByTime(1_000);
      await waitFor(async () => (await runs('idle')) === 1);
      expect(await runs('skipped')).toBe(0);
      idle = false;
      vi.advanceTimersByTime(1_000);
      await waitFor(async () => (await runs('skipped')) === 1);
      await held?.release();
      vi.advanceTimersByTime(1_000);
      await waitFor(() => sweeps === 1);
      expect(await runs('idle')).toBe(1);
    } finally {
      await stop();
      await held?.release();
      vi.useRealTimers();
    }
    expect(await countRows(t, 'job_leases')).toBe(0);
  });

  it('should release a lease whose removal fails once (a connection lost after a database fault)', async () => {
    // The first removal of the probe's lease fails, as a statement on a connection killed a moment
    // earlier does; a sequence counts the tries, since a failed statement rolls back anything else.
    await t.ctx.db.execute(sql.raw('create sequence test_release_fault'));
    await t.ctx.db.execute(
      sql.raw(`create or replace function test_release_fault() returns trigger language plpgsql as $$
               begin
                 if nextval('test_release_fault') = 1 then raise exception 'terminating connection'; end if;
                 return old;
               end $$`),
    );
    await t.ctx.db.execute(
      sql.raw(`create trigger test_release_fault before delete on job_leases for each row
               when (old.name = 'probe-release') execute function test_release_fault()`),
    );
    try {
      let sweeps = 0;
      const probe: Job = {
        name: 'probe-release',
        everyMs: 60_000,
        async run() {
          sweeps++;
        },
      };
      expect(await runJob(t.ctx, probe)).toBe(true);
      // Left behind, the lease would keep the job from running anywhere until it expired.
      expect(await countRows(t, 'job_leases')).toBe(0);
      expect(await runJob(t2.ctx, probe)).toBe(true);
      expect(sweeps).toBe(2);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger test_release_fault on job_leases'));
      await t.ctx.db.execute(sql.raw('drop sequence test_release_fault'));
      await t.ctx.db.execute(sql`delete from job_leases`);
    }
  });
});
