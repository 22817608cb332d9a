/**
 * Chaos on PostgreSQL: every backend of this test's database (the pool's and the listener's) is
 * terminated in the middle of a burst of bank webhooks and purchases. The server, never restarted,
 * must come back by itself; the webhooks that failed are sent again as the bank would, the failed
 * purchases are retried with their Idempotency-Key, and in the end every transfer is credited
 * exactly once, every purchase happened exactly once and whole, and the ledger audit holds.
 * The job runtime runs all along (every job every JOB_EVERY_MS, as startJobs runs them, plus a
 * probe sweep that holds its lease across the kill): after each kill a mail queued in the outbox
 * reaches the mail server through the periodic outbox job, the probe's lease is released and taken
 * again, and when the jobs stop no lease is left behind and no promise was rejected unhandled.
 *
 * Only this test's own database is touched: PostgreSQL is shared and is never restarted here.
 * PostgreSQL only: PGlite runs in this process and has no connections to lose.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { allJobs } from '../src/jobs/index.js';
import { runJob, startJobs, type Job } from '../src/jobs/runner.js';
import { createMailer } from '../src/lib/mailer.js';
import { enqueueMail } from '../src/modules/outbox/enqueue.js';
import { startFakeSmtp, type FakeSmtp } from './fakes/index.js';
import { balanceOf, build, customer, type TestApp, waitFor } from './helper.js';
import { BANK_KEY, codeBillOf, configureMethod, expectLedgerHolds, postBank, sepay, setPromotion } from './payments.js';
import { connectSse, type SseClient } from './sse.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) {
  console.log('chaos.integration.test.ts skipped: PGlite has no database connections to terminate');
}

const ROUNDS = 3;
const WEBHOOKS_PER_ROUND = 90;
const PURCHASES_PER_ROUND = 30;
const CONCURRENCY = 12;
const FUNDS = 50_000_000;
/** Every job sweeps this often during the test, so sweeps are in flight when the backends die. */
const JOB_EVERY_MS = 100;
/**
 * The test's job leases last an hour (the most JOB_LEASE_MS allows), far past its end: a lease a
 * kill left behind keeps its job from ever sweeping again here, instead of for a minute. So no wait
 * below needs to be short enough to tell a lost lease from a slow machine: each is only a net for
 * a hang, and reaching one means something is stuck.
 */
const LEASE_MS = 3_600_000;
const HANG_NET_MS = 120_000;

let t: TestApp;
let admin: pg.Client;
let base: string;

interface Op {
  kind: 'webhook' | 'purchase';
  userIndex: number;
  body: Record<string, unknown>;
  /** Purchases: the Idempotency-Key, the same on every retry. */
  key?: string;
  amount: number;
  status?: number;
  started?: number;
  ended?: number;
}

interface Buyer {
  id: string;
  token: string;
  code: string;
}

/** Terminates every other backend of this test's database; returns how many. */
async function killAllBackends(): Promise<number> {
  const r = await admin.query<{ n: string }>(
    `select count(pg_terminate_backend(pid)) as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return Number(r.rows[0]!.n);
}

async function send(op: Op, buyer: Buyer): Promise<number> {
  if (op.kind === 'webhook') {
    return (await postBank(t, op.body)).statusCode;
  }
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token: buyer.token,
    headers: { 'idempotency-key': op.key! },
    payload: op.body,
  });
  return res.statusCode;
}

function makeOps(buyers: Buyer[], round: number): Op[] {
  const webhooks: Op[] = [];
  for (let i = 0; i < WEBHOOKS_PER_ROUND; i++) {
    const userIndex = i % buyers.length;
    const amount = 10_000 + (((round * 1000 + i) * 7919) % 90_000);
    webhooks.push({
      kind: 'webhook',
      userIndex,
      amount,
      body: sepay(`ck ${buyers[userIndex]!.code} r${round}`, amount),
    });
  }
  const purchases: Op[] = [];
  for (let i = 0; i < PURCHASES_PER_ROUND; i++) {
    const userIndex = i % buyers.length;
    const body = { country: 'VN', quantity: 1 + (i % 2), period: { unit: 'day', value: 1 } };
    purchases.push({ kind: 'purchase', userIndex, amount: 0, key: randomUUID(), body });
  }
  // Interleaved evenly, so purchases are in flight when the backends die, not only webhooks.
  const every = Math.ceil((webhooks.length + purchases.length) / purchases.length);
  const ops: Op[] = [];
  while (webhooks.length > 0 || purchases.length > 0) {
    const op =
      ops.length % every === every - 1
        ? (purchases.shift() ?? webhooks.shift())
        : (webhooks.shift() ?? purchases.shift());
    ops.push(op!);
  }
  return ops;
}

/** Sends the ops with CONCURRENCY workers and kills every backend once a third have answered. */
async function burst(ops: Op[], buyers: Buyer[]): Promise<{ killedAt: number; killed: number }> {
  let next = 0;
  let answered = 0;
  let kill: Promise<{ killedAt: number; killed: number }> | null = null;
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (next < ops.length) {
      const op = ops[next++]!;
      op.started = Date.now();
      op.status = await send(op, buyers[op.userIndex]!).catch(() => 0);
      op.ended = Date.now();
      answered++;
      if (!kill && answered >= ops.length / 3) {
        const killedAt = Date.now();
        kill = killAllBackends().then((killed) => ({ killedAt, killed }));
      }
    }
  });
  await Promise.all(workers);
  return kill!;
}

/** Sends a failed op again until it is answered 200, as a bank (or a careful client) would. */
async function retry(op: Op, buyer: Buyer): Promise<number> {
  const giveUpAt = Date.now() + HANG_NET_MS;
  for (let attempt = 1; Date.now() < giveUpAt; attempt++) {
    op.status = await send(op, buyer).catch(() => 0);
    if (op.status === 200) {
      return attempt;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${op.kind} still failing: ${op.status}`);
}

/** Waits for the stream's top-up of that amount; the burst's own come first. */
async function nextTopup(sse: SseClient, amount: number): Promise<void> {
  const until = Date.now() + HANG_NET_MS;
  for (;;) {
    const e = await sse.next('topup.success', Math.max(1, until - Date.now()));
    if ((e.data as { amount: number }).amount === amount) {
      return;
    }
  }
}

interface SweepCount {
  ok: number;
  failed: number;
}

/**
 * The real jobs, sweeping every JOB_EVERY_MS, with each sweep's outcome counted. Each sweeps on
 * every tick, idle or not (no `idle` check): what is under test is its lease across the kills.
 */
function frequentJobs(counts: Map<string, SweepCount>): Job[] {
  return allJobs.map(({ idle: _idle, ...job }) => ({
    ...job,
    everyMs: JOB_EVERY_MS,
    async run(ctx, signal) {
      const count = counts.get(job.name) ?? { ok: 0, failed: 0 };
      counts.set(job.name, count);
      try {
        await job.run(ctx, signal);
        count.ok++;
      } catch (err) {
        count.failed++;
        throw err;
      }
    },
  }));
}

/** A sweep that uses the database, then holds its lease until `open()` (across the kill), then uses it again. */
async function sweepAcrossKill(round: number) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((r) => (open = r));
  let started: () => void = () => undefined;
  const running = new Promise<void>((r) => (started = r));
  const job: Job = {
    name: `chaos-probe-${round}`,
    everyMs: 60_000,
    async run(ctx) {
      await queryRows(ctx.db, sql`select 1`);
      started();
      await gate;
      await queryRows(ctx.db, sql`select count(*) from outbox`);
    },
  };
  const sweep = runJob(t.ctx, job);
  await running;
  return { job, sweep, open };
}

/** Queues a mail (no kick, as a job's own would be left) and waits for the periodic outbox job to send it. */
async function mailThroughOutboxJob(smtp: FakeSmtp, round: number): Promise<number> {
  const to = `after-kill-${round}@example.com`;
  const queued = Date.now();
  await enqueueMail(t.ctx, t.ctx.db, { to, subject: 'after the kill', text: `round ${round}` });
  await waitFor(() => smtp.accepted.some((m) => m.to.includes(to)), HANG_NET_MS);
  return Date.now() - queued;
}

/**
 * Waits until every job has completed a sweep that started now: a lease left behind by the kill
 * would hold its job back for the whole LEASE_MS, past the net.
 */
async function everyJobSweepsAgain(counts: Map<string, SweepCount>): Promise<number> {
  const since = Date.now();
  // A sweep in flight may have started before; two more completions mean one started after now.
  const before = new Map(allJobs.map((j) => [j.name, counts.get(j.name)?.ok ?? 0]));
  const behind = () => allJobs.filter((j) => (counts.get(j.name)?.ok ?? 0) < before.get(j.name)! + 2);
  await waitFor(() => behind().length === 0, HANG_NET_MS).catch(() => undefined);
  expect(behind().map((j) => j.name)).toEqual([]);
  return Date.now() - since;
}

describe.skipIf(!onPostgres)('every backend of the database terminated during a burst', () => {
  const buyers: Buyer[] = [];
  let sse: SseClient;
  let closed = false;
  let smtp: FakeSmtp;
  let stopJobs: () => Promise<void> = () => Promise.resolve();
  const sweeps = new Map<string, SweepCount>();
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    t = await build({ JOB_LEASE_MS: String(LEASE_MS) });
    await configureMethod(t, 'bank', { webhookKey: BANK_KEY });
    await setPromotion(t, null);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 4; i++) {
      const c = await customer(t, FUNDS);
      buyers.push({ id: c.id, token: c.token, code: await codeBillOf(t, c.id) });
    }
    admin = new pg.Client({ connectionString: t.databaseUrl, application_name: 'chaos-test-admin' });
    admin.on('error', () => undefined);
    await admin.connect();
    sse = await connectSse(`${base}/api/events?access_token=${buyers[0]!.token}`);
    smtp = await startFakeSmtp();
    // The real SMTP transport, talking to the local fake.
    t.ctx.mailer = createMailer({ smtpUrl: smtp.url, from: 'panel@example.com', log: t.ctx.log });
    process.on('unhandledRejection', onUnhandled);
    stopJobs = startJobs(t.ctx, frequentJobs(sweeps));
  });
  afterAll(async () => {
    void stopJobs();
    process.off('unhandledRejection', onUnhandled);
    await smtp?.close();
    sse?.close();
    if (!closed) {
      await admin?.end().catch(() => undefined);
      // The clean close failed: drop the database by force, without the app's pool.
      const name = new URL(t.databaseUrl!).pathname.slice(1);
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  });

  it(
    'should recover without a restart, crediting every transfer and making every purchase exactly once',
    // A net for a hang, not a budget: three rounds of kills take minutes on a loaded two-core machine.
    { timeout: 600_000 },
    async () => {
      const all: Op[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const ops = makeOps(buyers, round);
        all.push(...ops);
        const probe = await sweepAcrossKill(round);
        const { killedAt, killed } = await burst(ops, buyers);
        const failed = ops.filter((o) => o.status !== 200);
        const recovered = ops.filter((o) => o.status === 200 && o.started! >= killedAt).map((o) => o.ended!);
        const firstOk = recovered.length > 0 ? Math.min(...recovered) - killedAt : null;
        // The listener was terminated too: the open browser stream is told to resync.
        const resyncMs = (await sse.next('resync', HANG_NET_MS)).at - killedAt;
        const statuses = [...new Set(failed.map((o) => o.status))]
          .map((st) => `${failed.filter((o) => o.status === st).length}×${st}`)
          .join(' ');
        const failedStatuses = failed.map((o) => o.status);
        let retries = 0;
        for (const op of failed) {
          retries += await retry(op, buyers[op.userIndex]!);
        }
        // The job runtime carries on by itself: the sweep that held its lease across the kill
        // finishes and lets it go, the lease is taken again, and the outbox job sends new mail.
        probe.open();
        expect(await probe.sweep).toBe(true);
        expect(await runJob(t.ctx, probe.job)).toBe(true);
        const mailMs = await mailThroughOutboxJob(smtp, round);
        const everyJobMs = await everyJobSweepsAgain(sweeps);
        console.log(
          `round ${round}: ${ops.length} requests, ${killed} backends killed, ${failed.length} failed ` +
            `(${failed.filter((o) => o.kind === 'webhook').length} webhooks, ` +
            `${failed.filter((o) => o.kind === 'purchase').length} purchases, answered ${statuses}; ${retries} retries), ` +
            `first success after the kill ${firstOk ?? 'none during the burst'} ms, stream resync after ${resyncMs} ms, ` +
            `a mail queued afterwards sent by the outbox job in ${mailMs} ms, every job swept again in ${everyJobMs} ms`,
        );
        expect(killed).toBeGreaterThan(0);
        // A lost connection is the server's passing state, not a fault: 503 with Retry-After.
        expect(failedStatuses.filter((st) => st !== 503)).toEqual([]);
      }

      // A credit after the chaos reaches the browser stream that was open all along.
      const last = sepay(`ck ${buyers[0]!.code} after`, 12_345);
      expect((await postBank(t, last)).statusCode).toBe(200);
      await nextTopup(sse, 12_345);
      expect(sse.ended).toBe(false);

      await expectExactlyOnce(all, buyers, 12_345);

      // Stopped, every sweep lets its lease go: none was left behind by a kill (it would block its
      // job for JOB_LEASE_MS), and no sweep's failure escaped as an unhandled rejection.
      await stopJobs();
      const leftLeases = await queryRows<{ name: string }>(t.ctx.db, sql`select name from job_leases order by name`);
      const figures = [...sweeps].map(([name, c]) => `${name} ${c.ok} ok/${c.failed} failed`).join(', ');
      console.log(`job sweeps during the test (every ${JOB_EVERY_MS} ms): ${figures}`);
      expect({ leftLeases, unhandled }).toEqual({ leftLeases: [], unhandled: [] });

      // The pool gave back every connection it handed out, lost ones included: it closes at once.
      sse.close();
      // Before the database is dropped, which would terminate this connection too.
      await admin.end();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        t.close(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the app did not close: a pool connection was never released')),
            HANG_NET_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      closed = true;
    },
  );
});

async function expectExactlyOnce(all: Op[], buyers: Buyer[], extraCredit: number): Promise<void> {
  const webhooks = all.filter((o) => o.kind === 'webhook');
  const purchases = all.filter((o) => o.kind === 'purchase');
  const ids = webhooks.map((o) => String(o.body.id));
  const credited = await queryRows<{ provider_id: string; n: number }>(
    t.ctx.db,
    sql`select provider_txn_id as provider_id, count(*)::int as n from topups
         where method = 'bank' and status = 'success' group by provider_txn_id`,
  );
  // Each transfer once: as many successful bank top-ups as transfers (plus the last one).
  expect(credited.filter((r) => r.n !== 1)).toEqual([]);
  expect(credited.length).toBe(ids.length + 1);

  const orders = await queryRows<{
    user_id: string;
    key: string;
    total: number;
    quantity: number;
    proxies: number;
    debit: number;
  }>(
    t.ctx.db,
    sql`select o.user_id, o.idempotency_key as key, o.total_price::bigint as total, o.quantity,
               (select count(*)::int from proxies p where p.order_id = o.id) as proxies,
               (select coalesce(-sum(amount), 0)::bigint from transactions x where x.ref_id = o.id::text) as debit
          from orders o`,
  );
  // Each purchase once, whole: its proxies allocated and its price debited.
  expect(orders.map((o) => o.key).sort()).toEqual(purchases.map((o) => o.key).sort());
  for (const o of orders) {
    expect(o.proxies).toBe(o.quantity);
    expect(Number(o.debit)).toBe(Number(o.total));
  }
  for (const [i, b] of buyers.entries()) {
    const credits = webhooks.filter((o) => o.userIndex === i).reduce((s, o) => s + o.amount, 0);
    const spent = orders.filter((o) => o.user_id === b.id).reduce((s, o) => s + Number(o.total), 0);
    expect(await balanceOf(t, b.id)).toBe(FUNDS + credits - spent + (i === 0 ? extraCredit : 0));
  }
  await expectLedgerHolds(t);
}
