/**
 * Two panel instances (A, B) on one PostgreSQL behind HAProxy (deploy/haproxy/haproxy.cfg) and two
 * standalone gateway nodes, all as processes, with a customer in Chromium on the balancer:
 * - the page's realtime stream is on B (HAProxy's panel_instance cookie, checked by X-Served-By)
 *   while the bank's webhook lands on A: the balance changes in the page without a reload;
 * - the customer buys in the page and curl goes through proxies served by both nodes;
 * - the page moves to A, and A is killed with SIGKILL during a burst of webhooks through the
 *   balancer: the page's stream reconnects through the balancer to B, a later credit shows in the
 *   page, the bank's retries are credited exactly once, and the ledger and top-up audits hold;
 * - a node on SIGTERM refuses new connections while an open tunnel keeps relaying.
 * Needs DATABASE_URL (PostgreSQL), haproxy and curl on PATH and Chromium; builds the SPA if needed.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../../apps/server/src/db/client.js';
import { findLedgerMismatches } from '../../apps/server/src/modules/ledger/audit-ledger.js';
import { findTopupMismatches } from '../../apps/server/src/modules/payments/topup-mismatches.js';
import { connect, httpConnect, startEcho, type Target } from '../../apps/gateway/test/test-utils.js';
import { api, createCustomer, loginViaUi, type ApiResult } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, repoRoot, type RunningServer } from '../support/server.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';

const BANK_KEY = 'topology-bank-key';
const BANK_ACCOUNT = '0000000001';
const SECRET = 'topology-secret-topology-secret-0123456789';
const METRICS_TOKEN = 'topology-metrics-token';
const run = promisify(execFile);
/** What deploy/smoke.sh's bank transfer credits. */
const SMOKE_TOPUP = 10_000;

interface Proc {
  child: ChildProcess;
  log: () => string;
  exited: Promise<void>;
}

function launch(cmd: string, args: string[], env: Record<string, string | undefined>): Proc {
  const child = spawn(cmd, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (c: Buffer) => {
    out = (out + c.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_LOG === '1') {
      process.stderr.write(c);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, log: () => out.slice(-4000), exited };
}

async function until(what: string, cond: () => Promise<boolean> | boolean, ms: number, log = () => ''): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${ms} ms\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ready = (base: string) =>
  fetch(`${base}/api/health/ready`).then(
    (r) => r.ok,
    () => false,
  );

function ok<T>(what: string, res: ApiResult<T>): T {
  if (res.status !== 200) {
    throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

function serverAt(baseUrl: string, port: number): RunningServer {
  return {
    port,
    pid: 0,
    baseUrl,
    urlFor: (host) => `http://${host}:${port}`,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    dataDir: null,
    logTail: () => '',
    stop: async () => undefined,
  };
}

let url: string;
let dropDb = async () => undefined as void;
let mail: SmtpSink;
let target: Target;
/** An HTTP server answering with the caller's address: the egress a proxied curl went out from. */
let whoami: { server: Server; port: number };
let browser: Browser;
const procs: Proc[] = [];
let panelA: Proc;
let lb: string;
let a: string;
let b: string;

function panel(port: number): Proc {
  const { DATABASE_URL: _d, SMTP_URL: _s, ...env } = process.env;
  const p = launch(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    // Small pools: in CI the unit suite's workers share PostgreSQL's connections with these two.
    DATABASE_POOL_SIZE: '4',
    SMTP_URL: mail.url,
    APP_SECRET: SECRET,
    BANK_WEBHOOK_KEY: BANK_KEY,
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    DEMO: '1',
    GATEWAY: 'off',
    TRUST_PROXY: '1',
    METRICS_TOKEN,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  });
  procs.push(p);
  return p;
}

function node(id: string, secret: string, drainMs: number): Proc {
  const p = launch(process.execPath, ['--import', 'tsx', 'apps/gateway/src/node/main.ts'], {
    ...process.env,
    GATEWAY_NODE_ID: id,
    GATEWAY_NODE_SECRET: secret,
    PANEL_URL: lb,
    GATEWAY_BIND: '127.0.0.1',
    GATEWAY_ALLOW_PRIVATE: '1',
    GATEWAY_DRAIN_MS: String(drainMs),
  });
  procs.push(p);
  return p;
}

beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (!base) {
    throw new Error('the topology test needs DATABASE_URL (PostgreSQL)');
  }
  const name = `topology_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  url = u.toString();
  dropDb = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  // The SPA the panels serve (CI runs this test before npm test has built it).
  const build = launch(process.execPath, ['scripts/build-web-if-needed.mjs'], process.env);
  procs.push(build);
  await build.exited;
  if (build.child.exitCode !== 0) {
    throw new Error(`building the SPA failed\n${build.log()}`);
  }
  browser = await launchBrowser();
  mail = await startSmtpSink();
  target = await startEcho('127.0.0.1');
  const who = createServer((req, res) => res.end(`${req.socket.remoteAddress ?? ''}\n`));
  await new Promise<void>((resolve) => who.listen(0, '127.0.0.1', resolve));
  whoami = { server: who, port: (who.address() as AddressInfo).port };
  const [pa, pb, pl] = [await freePort(), await freePort(), await freePort()];
  [a, b, lb] = [pa, pb, pl].map((p) => `http://127.0.0.1:${p}`) as [string, string, string];
  // A first: it migrates and seeds; B then finds everything in place.
  panelA = panel(pa);
  await until('panel A ready', () => ready(a), 90_000, panelA.log);
  const panelB = panel(pb);
  await until('panel B ready', () => ready(b), 90_000, panelB.log);
  const haproxy = launch('haproxy', ['-db', '-f', path.join(repoRoot, 'deploy/haproxy/haproxy.cfg')], {
    ...process.env,
    LB_BIND: `127.0.0.1:${pl}`,
    PANEL_A: `127.0.0.1:${pa}`,
    PANEL_B: `127.0.0.1:${pb}`,
  });
  procs.push(haproxy);
  await until('HAProxy up with both panels', () => ready(lb), 20_000, haproxy.log);
});

afterAll(async () => {
  for (const p of procs.reverse()) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  }
  await browser?.close();
  await target?.close();
  await new Promise((resolve) => (whoami ? whoami.server.close(resolve) : resolve(undefined)));
  await mail?.close();
  await dropDb();
});

describe('two panels behind HAProxy, two gateway nodes', () => {
  it('buys, proxies through both nodes, credits webhooks once across a SIGKILL, drains a node', async () => {
    const LB = serverAt(lb, Number(new URL(lb).port));
    const owner = ok(
      'owner login',
      await api<{ tokens: { accessToken: string } }>(LB, 'POST', '/api/auth/login', {
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      }),
    ).tokens.accessToken;

    // Two nodes, each with its own port range and VN egress pool; the demo's nodes are disabled.
    const others = ok(
      'nodes',
      await api<Array<{ id: string }>>(LB, 'GET', '/api/sub-server/admin/list', { token: owner }),
    );
    for (const n of others) {
      ok(
        'disable',
        await api(LB, 'PUT', `/api/sub-server/admin/update/${n.id}`, { token: owner, body: { status: 'disabled' } }),
      );
    }
    const nodes: Array<{ id: string; secret: string; from: number; egress: string[]; proc?: Proc }> = [];
    // Below Linux's ephemeral range (32768–60999): a port the kernel hands to a parallel job's
    // outgoing or free-port socket would make a node's listener fail with EADDRINUSE.
    const start = 20_000 + randomInt(0, 100) * 40;
    for (const k of [0, 1]) {
      const from = start + k * 20;
      const created = ok(
        'create node',
        await api<{ id: string; secret: string }>(LB, 'POST', '/api/sub-server/admin/create', {
          token: owner,
          body: { name: `topology-${k}`, host: '127.0.0.1', portFrom: from, portTo: from + 19 },
        }),
      );
      const egress = Array.from({ length: 4 }, (_, i) => `127.31.${k}.${i + 1}`);
      ok(
        'egress',
        await api(LB, 'POST', `/api/sub-server/admin/add-egress/${created.id}`, {
          token: owner,
          body: { product: 'v4', country: 'VN', ips: egress },
        }),
      );
      nodes.push({ ...created, from, egress });
    }
    nodes[0]!.proc = node(nodes[0]!.id, nodes[0]!.secret, 1_000);
    nodes[1]!.proc = node(nodes[1]!.id, nodes[1]!.secret, 3_000);

    // A customer in Chromium, through the balancer, pinned to B by HAProxy's panel_instance cookie
    // (deploy/haproxy/haproxy.cfg); X-Served-By tells which instance answered each stream.
    const creds = await createCustomer(LB, mail, 'topology');
    const me = ok(
      'login',
      await api<{ tokens: { accessToken: string }; user: { id: string } }>(LB, 'POST', '/api/auth/login', {
        body: creds,
      }),
    );
    const token = me.tokens.accessToken;
    const { codeBill } = ok('bill', await api<{ codeBill: string }>(LB, 'GET', '/api/bill/get-bill', { token }));
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const pin = (instance: 'a' | 'b') => context.addCookies([{ name: 'panel_instance', value: instance, url: lb }]);
    await pin('b');
    const page = await context.newPage();
    const streams: Array<{ by: string | undefined; status: number }> = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/events') {
        streams.push({ by: r.headers()['x-served-by'], status: r.status() });
      }
    });
    const streamOn = (instance: string, from = 0) =>
      until(
        `the page's stream open on ${instance}`,
        () => streams.slice(from).some((x) => x.by === instance && x.status === 200),
        15_000,
        () => JSON.stringify(streams),
      );
    const balanceShows = (coins: number) =>
      page
        .getByTestId('topbar-balance')
        .filter({ hasText: `${coins.toLocaleString('en-US')} coins` })
        .waitFor({ timeout: 15_000 });
    const mark = () => page.evaluate(() => Object.assign(window, { topologyMarker: 'kept' }));
    const marked = () => page.evaluate(() => (window as unknown as { topologyMarker?: string }).topologyMarker);
    await loginViaUi(page, lb, creds, 'en');
    await streamOn('b');
    await balanceShows(0);
    await mark();

    let txn = 7_000_000 + randomInt(0, 1_000_000);
    const transfer = (amount: number) => ({
      id: txn++,
      gateway: 'ACB',
      transactionDate: '2026-01-05 10:00:00',
      accountNumber: BANK_ACCOUNT,
      content: `${codeBill} topology`,
      transferType: 'in',
      transferAmount: amount,
      referenceCode: `FT${txn}`,
    });
    const post = (base: string, body: unknown) =>
      fetch(`${base}/api/webhook/bank`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Apikey ${BANK_KEY}` },
        body: JSON.stringify(body),
      }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        () => 0,
      );
    // The bank's webhook straight to A: the page, whose stream is on B, shows it without a reload.
    expect(await post(a, transfer(500_000))).toBe(200);
    await balanceShows(500_000);
    expect(await marked()).toBe('kept');
    await page.getByTestId('topup-success-close').click();

    // Buy in the page: six dedicated IPv4 proxies, four egress addresses per node, so both serve.
    await page.getByTestId('buy-tab-v4').click();
    const form = page.getByTestId('buy-form-v4');
    await form.getByTestId('buy-country').click();
    await page.getByTestId('buy-country-option-VN').click();
    await form.getByTestId('buy-period-unit').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Day', exact: true }).click();
    await form.getByTestId('buy-period-value').fill('1');
    await form.getByTestId('buy-quantity').fill('6');
    await form.getByTestId('buy-submit').click();
    await page.getByTestId('buy-confirm-confirm').click();
    await page.waitForURL((u) => u.pathname.startsWith('/order/success/'));
    const linesBox = page.getByTestId('order-success-lines');
    await linesBox.waitFor();
    const bought = (await linesBox.inputValue())
      .trim()
      .split('\n')
      .map((line) => {
        const [host, port, username, password] = line.split(':');
        return { host: host!, port: Number(port), username: username!, password: password! };
      });
    expect(bought).toHaveLength(6);
    const onNode = (k: number) => bought.find((p) => p.port >= nodes[k]!.from && p.port < nodes[k]!.from + 20);
    // curl through each node: the target sees the node's egress address.
    const viaCurl = (p: (typeof bought)[number]) =>
      run('curl', [
        '-sS',
        '--max-time',
        '5',
        '--proxytunnel',
        '--proxy',
        `http://${p.host}:${p.port}`,
        '--proxy-user',
        `${p.username}:${p.password}`,
        `http://127.0.0.1:${whoami.port}/`,
      ]).then(
        (r) => r.stdout.trim(),
        () => null,
      );
    for (const k of [0, 1]) {
      const p = onNode(k);
      expect(p, `a proxy on node ${k}`).toBeDefined();
      let seen: string | null = null;
      await until(
        `curl through node ${k}`,
        async () => {
          seen = await viaCurl(p!);
          return seen !== null && nodes[k]!.egress.includes(seen);
        },
        30_000,
        nodes[k]!.proc!.log,
      );
    }

    // deploy/smoke.sh against this deployment: both instances answer, a transfer posted twice to A
    // is credited once and heard on the stream, the last two proxies bought and curled through.
    const smoke = await run('bash', [path.join(repoRoot, 'deploy/smoke.sh')], {
      env: {
        ...process.env,
        PANEL_URL: lb,
        SMOKE_INSTANCES: '2',
        SMOKE_EMAIL: creds.email,
        SMOKE_PASSWORD: creds.password,
        BANK_WEBHOOK_KEY: BANK_KEY,
        SMOKE_WEBHOOK_URL: a,
        SMOKE_TOPUP: String(SMOKE_TOPUP),
        SMOKE_BUY: '2',
        SMOKE_TARGET_URL: `http://127.0.0.1:${whoami.port}/`,
        METRICS_TOKEN,
      },
    }).catch((err: { stdout?: string; stderr?: string }) => {
      throw new Error(`deploy/smoke.sh failed\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
    });
    console.log(smoke.stdout);
    expect(smoke.stdout).toMatch(/answered by: (a b|b a)\n/);
    expect(smoke.stdout).toContain('ok metrics');
    expect(smoke.stdout).toContain('smoke: all steps passed');

    // The page moves to A (pin, reload), then A dies with SIGKILL in the middle of a webhook burst
    // through the balancer: the page's stream reconnects through the balancer to B.
    await pin('a');
    const beforeA = streams.length;
    await page.reload();
    await streamOn('a', beforeA);
    await page.getByTestId('topbar-balance').waitFor();
    await mark();
    const bodies = Array.from({ length: 60 }, (_, i) => transfer(10_000 + i));
    const statuses: number[] = [];
    let next = 0;
    let answered = 0;
    const workers = Array.from({ length: 6 }, async () => {
      while (next < bodies.length) {
        const i = next++;
        statuses[i] = await post(lb, bodies[i]);
        answered += 1;
      }
    });
    await until('a third answered', () => answered >= 20, 30_000);
    const beforeKill = streams.length;
    panelA.child.kill('SIGKILL');
    await Promise.all(workers);
    await panelA.exited;
    await streamOn('b', beforeKill);
    // The bank retries whatever did not get a 200, through the balancer: B takes them all.
    for (let round = 0; round < 5 && statuses.some((s) => s !== 200); round += 1) {
      for (let i = 0; i < bodies.length; i += 1) {
        if (statuses[i] !== 200) {
          statuses[i] = await post(lb, bodies[i]);
        }
      }
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Every delivery, repeated once more: nothing is credited twice.
    for (const body of bodies) {
      expect(await post(lb, body)).toBe(200);
    }
    // A second credit after the kill reaches the page over its reconnected stream, without a reload.
    expect(await post(lb, transfer(20_000))).toBe(200);

    const expected = 500_000 + SMOKE_TOPUP + bodies.reduce((s, x) => s + x.transferAmount, 0) + 20_000;
    const balance = ok('me', await api<{ balance: number }>(LB, 'GET', '/api/user/me', { token })).balance;
    const db = await openPostgres(url, 2);
    try {
      expect(await findLedgerMismatches(db.db)).toEqual([]);
      expect(await findTopupMismatches(db.db)).toEqual([]);
      const rows = await queryRows<{ credited: string; spent: string; ordered: string }>(
        db.db,
        sql`select coalesce(sum(amount) filter (where amount > 0), 0)::bigint as credited,
          coalesce(sum(-amount) filter (where amount < 0), 0)::bigint as spent,
          (select coalesce(sum(total_price), 0) from orders where user_id = ${me.user.id})::bigint as ordered
          from transactions where user_id = ${me.user.id}`,
      );
      // Every credit once, and the two orders (the page's, the smoke script's) charged once each.
      expect(Number(rows[0]?.credited)).toBe(expected);
      expect(Number(rows[0]?.spent)).toBeGreaterThan(0);
      expect(Number(rows[0]?.spent)).toBe(Number(rows[0]?.ordered));
      expect(balance).toBe(expected - Number(rows[0]?.spent));
    } finally {
      await db.close();
    }
    await balanceShows(balance);
    expect(await marked()).toBe('kept');
    await context.close();

    // Node 1 drains: its open tunnel goes on, new connections are refused, then it exits.
    const p1 = onNode(1)!;
    const open = await httpConnect(p1.port, `127.0.0.1:${target.port}`, { auth: [p1.username, p1.password] });
    expect(open.status).toBe(200);
    expect(nodes[1]!.egress).toContain(await open.reader.readLine());
    nodes[1]!.proc.child.kill('SIGTERM');
    await until(
      'node 1 refuses new connections',
      () =>
        connect(p1.port).then(
          (r) => {
            r.socket.destroy();
            return false;
          },
          () => true,
        ),
      5_000,
    );
    open.reader.socket.write('still here\n');
    expect(await open.reader.readLine()).toBe('still here');
    open.reader.socket.destroy();
    await nodes[1]!.proc.exited;
    expect(nodes[1]!.proc.child.exitCode).toBe(0);
  });
});
