import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows, type Database } from '../src/db/client.js';
import { autoRenewJob } from '../src/jobs/auto-renew.js';
import { outboxJob } from '../src/jobs/outbox.js';
import { runJob } from '../src/jobs/runner.js';
import { createMailer } from '../src/lib/mailer.js';
import { CLAIM_MS } from '../src/modules/outbox/deliver.js';
import { startFakeSmtp, type FakeSmtp } from './fakes/index.js';
import { balanceOf, build, customer, ledgerMismatches, waitFor, type TestApp } from './helper.js';
import { freePort, scratchPostgres, spawnServer } from './spawn-server.js';

/**
 * The real server as a child process, killed with SIGKILL in the middle of an auto-renew sweep
 * (its failure mail held by a mail server that does not answer), while this process is a second
 * instance on the same PostgreSQL database. PostgreSQL only: an embedded PGlite belongs to one
 * process (jobs/runtime.test.ts covers the lease a crashed holder leaves on both databases).
 */
const OWNER = { email: 'owner@job-crash.test', password: 'owner-pass-1' };
const LEASE_MS = 5_000;
// One secret for both instances, as for any two instances of one panel (mails are sealed with it).
const SECRET = 'job-crash-secret-job-crash-secret-0123456789';
const onPostgres = Boolean(process.env.DATABASE_URL);

let dataDir: string;
let url: string;
let dropDatabase = async () => undefined as void;
let base: string;
let smtp: FakeSmtp;
let shared: Database;
let t: TestApp;
let child: ChildProcess | undefined;

async function startServer(port: number): Promise<ChildProcess> {
  const server = await spawnServer({
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      APP_SECRET: SECRET,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      TEST_CLOCK: '1',
      SMTP_URL: smtp.url,
      JOB_LEASE_MS: String(LEASE_MS),
    },
  });
  return server.child;
}

async function childApi(method: string, route: string, body?: unknown, token?: string) {
  return fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  if (!onPostgres) {
    return;
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'pp-job-crash-'));
  const scratch = (await scratchPostgres('jobcrash', { migrated: true }))!;
  url = scratch.url;
  dropDatabase = scratch.drop;
  smtp = await startFakeSmtp();
  base = `http://127.0.0.1:${await freePort()}`;
  child = await startServer(Number(new URL(base).port));
  shared = await openPostgres(url, 2);
  t = await build({ JOB_LEASE_MS: String(LEASE_MS), APP_SECRET: SECRET }, { database: shared, url });
  t.ctx.mailer = createMailer({ smtpUrl: smtp.url, from: 'panel@example.com', log: t.ctx.log });
}, 120_000);

afterAll(async () => {
  if (!onPostgres) {
    return;
  }
  child?.kill('SIGKILL');
  await t?.close();
  await shared?.close();
  await smtp?.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('an instance killed in the middle of a sweep', () => {
  it('should leave the sweep to another instance once its lease runs out, and its mail sent once', async () => {
    const c = await customer(t, 3_000);
    const bought = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 }, autoRenew: true },
    });
    expect(bought.statusCode).toBe(200);
    // Both instances to half an hour before expiry: the renewal is due and the balance is short.
    const ahead = new Date(bought.json().proxies[0].expiresAt).getTime() - 30 * 60_000 - Date.now();
    const ownerToken = async () => {
      const res = await childApi('POST', '/api/auth/login', OWNER);
      return ((await res.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
    };
    expect((await childApi('POST', '/api/test/clock', { advanceMs: ahead }, await ownerToken())).status).toBe(200);
    t.clock.advance(ahead);
    const owner = await ownerToken();

    smtp.hold();
    void childApi('POST', '/api/test/run-jobs', undefined, owner).catch(() => undefined);
    await smtp.held;
    const [lease] = await queryRows<{ name: string }>(t.ctx.db, sql`select name from job_leases`);
    expect(lease).toEqual({ name: 'auto-renew' });
    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    child = undefined;
    await smtp.heldDropped();
    smtp.release();

    // Its lease outlives it by at most JOB_LEASE_MS; then this instance takes the sweep over.
    expect(await runJob(t.ctx, autoRenewJob)).toBe(false);
    await waitFor(() => runJob(t.ctx, autoRenewJob), 4 * LEASE_MS);
    // The failure the dead instance committed stands: no second failure, no second mail.
    const logs = await queryRows<{ n: number | string }>(
      t.ctx.db,
      sql`select count(*) as n from order_logs where result = 'fail'`,
    );
    expect(Number(logs[0]!.n)).toBe(1);
    // Its mail was claimed by the dead instance and never answered: sent once, after the claim.
    expect(await runJob(t.ctx, outboxJob)).toBe(true);
    expect(smtp.accepted).toHaveLength(0);
    t.clock.advance(CLAIM_MS);
    await runJob(t.ctx, outboxJob);
    await runJob(t.ctx, outboxJob);
    expect(smtp.accepted.filter((m) => m.to.includes(c.email))).toHaveLength(1);
    expect(await balanceOf(t, c.id)).toBe(0);
    expect(await ledgerMismatches(t)).toEqual([]);
  }, 120_000);
});
