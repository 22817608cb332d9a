// `npm run bench:api`: throughput, latency and the API process's CPU per request (its user + system
// CPU time over the measured run divided by the requests answered) of the hot endpoints against the
// real server started as a child process (as in production, minus the SPA build):
//   - PGlite: get-site-info, user/me, get-money, list-order;
//   - PostgreSQL, one instance direct: the same, plus list-proxy-me page 1 for a customer with 100
//     proxies among 100,000 (seeded into the run's own database, scripts/bench-seed.ts), and the
//     node feed's full state (GET /api/sub-server/node/state) of a node holding 10,000 of them:
//     time per call and the server's extra resident memory during it (peak RSS over RSS before);
//   - with BENCH_BASELINE=<dir>[,<dir>…] (other checkouts with their node_modules, e.g. git
//     worktrees of main), the same measurements on each tree's server in the same run, alternating
//     the trees target by target for BENCH_ROUNDS rounds (all serve the same PostgreSQL database),
//     then the ratios this ÷ each baseline;
//   - PostgreSQL behind HAProxy (deploy/haproxy/haproxy.cfg; skipped with a note when `haproxy` is
//     not on PATH): user/me and list-proxy-me through one instance and through two, alternating
//     one/two for BENCH_ROUNDS rounds in the same run, then the two-to-one ratios.
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the run creates and drops
// its own database beside it), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32),
// BENCH_ROUNDS (default 2), BENCH_PGLITE=0 (skip PGlite), BENCH_HAPROXY=0 (skip the balancer figures),
// BENCH_ONLY=<substring>[,<substring>…] (only the endpoints whose name contains one of them), BENCH_STATE_CALLS (default 10),
// BENCH_FLOOR=0 (skip the floor: the same answers from a bare node:http server, scripts/bench-floor-server.mjs),
// BENCH_CPU_PROF=<dir> (each server writes a V8 CPU profile there when it stops; summarise it with
// `node scripts/cpu-profile-top.mjs <file>`), BENCH_KEEP_DB=1 (keep the database).
import { createHash, randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import {
  freePort,
  repoRoot,
  startServer as startServerIn,
  type RunningServer,
  type ServerOptions,
} from '../e2e/support/server';
import { seedProxies } from './bench-seed';
import { linkTargets } from './bench-api/links';
import { TREES, type Tree } from './bench-trees';

/** The part of autocannon's programmatic API used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_SECONDS = 2;
/** A loaded machine may take a while to start a server; the default 60 s is the e2e suite's. */
const START_TIMEOUT_MS = 180_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** The seeded customers: 1,000 with 100 proxies each (100,000 in all). */
const USERS = 1_000;
const PER_USER = 100;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ONLY = (process.env.BENCH_ONLY ?? '').split(',');
const STATE_CALLS = Number(process.env.BENCH_STATE_CALLS ?? 10);
/** The node whose full state is measured holds this many proxies. */
const STATE_PROXIES = 10_000;
const CPU_PROF = process.env.BENCH_CPU_PROF;

function startServer(tree: Tree, options: ServerOptions = {}): Promise<RunningServer> {
  return startServerIn({
    ...options,
    root: tree.root,
    startTimeoutMs: START_TIMEOUT_MS,
    ...(CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.join(CPU_PROF, tree.label)}`] } : {}),
  });
}

interface Row {
  db: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  /** The server process's CPU time per answered request, in µs. */
  cpuUs: number;
  failures: string;
  /** The machine's 1-minute load average at the end of the measured run. */
  load: number;
}

async function login(server: RunningServer, email = server.adminEmail): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: server.adminPassword }),
  });
  const body = (await res.json()) as { tokens?: { accessToken?: string } };
  const token = body.tokens?.accessToken;
  if (!res.ok || !token) {
    throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return token;
}

interface Target {
  endpoint: string;
  path: string;
  headers: Record<string, string>;
  /** Concurrent connections; BENCH_CONNECTIONS when not set. */
  connections?: number;
}

const selected = (t: Target) => ONLY.some((part) => t.endpoint.includes(part));

const SITE_INFO: Target = { endpoint: 'GET /api/site/get-site-info', path: '/api/site/get-site-info', headers: {} };
const userMe = (token: string): Target => ({
  endpoint: 'GET /api/user/me',
  path: '/api/user/me',
  headers: { authorization: `Bearer ${token}` },
});
const getMoney = (token: string): Target => ({
  endpoint: 'GET /api/user/get-money',
  path: '/api/user/get-money',
  headers: { authorization: `Bearer ${token}` },
});
const listOrder = (token: string): Target => ({
  endpoint: 'GET /api/order/list-order',
  path: '/api/order/list-order?page=1&limit=25',
  headers: { authorization: `Bearer ${token}` },
});
/** Page 1 of a customer who owns 100 of the 100,000 seeded proxies. */
const listProxyMe = (token: string): Target => ({
  endpoint: 'GET list-proxy-me page 1 (100,000 proxies)',
  path: '/api/v6-proxy/list-proxy-me?page=1&limit=25',
  headers: { authorization: `Bearer ${token}` },
});

/**
 * With BENCH_CPU_PROF, the measured run's interval (monotonic µs, the clock of the profiles'
 * timestamps) goes to <dir>/windows.json, so that cpu-profile-top.mjs can keep only its samples.
 */
function recordWindow(db: string, endpoint: string, pids: number[], from: bigint): void {
  if (!CPU_PROF) {
    return;
  }
  mkdirSync(CPU_PROF, { recursive: true });
  const file = path.join(CPU_PROF, 'windows.json');
  let all: unknown[] = [];
  try {
    all = JSON.parse(readFileSync(file, 'utf8')) as unknown[];
  } catch {
    // the first window of the run
  }
  const us = (t: bigint) => Number(t / 1000n);
  all.push({ db, endpoint, pids, fromUs: us(from), toUs: us(process.hrtime.bigint()) });
  writeFileSync(file, JSON.stringify(all, null, 1));
}

/** `pids`: the API processes behind `baseUrl`, whose CPU time is divided by the requests. */
async function measureOne(db: string, baseUrl: string, target: Target, pids: number[] = []): Promise<Row> {
  const url = `${baseUrl}${target.path}`;
  const connections = target.connections ?? CONNECTIONS;
  // A short unmeasured run first, so JIT and connection-pool warm-up do not skew the figures.
  await autocannon({ url, connections, duration: WARMUP_SECONDS, headers: target.headers });
  const cpu0 = pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  const from = process.hrtime.bigint();
  const r = await autocannon({ url, connections, duration: SECONDS, headers: target.headers });
  const cpu = pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0) - cpu0;
  recordWindow(db, target.endpoint, pids, from);
  const row: Row = {
    db,
    endpoint: target.endpoint,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: pids.length > 0 && r.requests.total > 0 ? Math.round((cpu * 1e6) / r.requests.total) : 0,
    failures: `${r.errors + r.timeouts}/${r.non2xx}`,
    load: loadavg()[0]!,
  };
  process.stdout.write(
    `  ${db} ${target.endpoint}: ${row.rps} req/s, p99 ${row.p99} ms, ${row.cpuUs} µs CPU/request ` +
      `(load average ${row.load.toFixed(1)})\n`,
  );
  return row;
}

/**
 * The floor (scripts/bench-floor-server.mjs): the same answers, byte for byte, from a bare node:http
 * server, with one prepared statement per request where ours reads the database (every target but
 * the site info). Measured once per round after the trees, on `server`'s answers.
 */
async function measureFloor(server: RunningServer, targets: Target[], databaseUrl: string): Promise<Row[]> {
  const answers: Record<string, { status: number; headers: Record<string, string>; body: string; reads: boolean }> = {};
  for (const target of targets) {
    const res = await fetch(`${server.baseUrl}${target.path}`, { headers: target.headers });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)) {
        headers[name] = value;
      }
    });
    const body = Buffer.from(await res.arrayBuffer()).toString('base64');
    answers[target.path] = { status: res.status, headers, body, reads: target !== SITE_INFO };
  }
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bench-floor-server.mjs')], {
    env: { ...process.env, FLOOR_ANSWERS: JSON.stringify(answers), DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const m = /listening (\d+)/.exec(String(chunk));
        if (m) {
          resolve(Number(m[1]));
        }
      });
      child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
    });
    const runs = new Map<string, Row[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) {
        const row = await measureOne('postgres, floor', `http://127.0.0.1:${port}`, target, [child.pid!]);
        runs.set(target.endpoint, [...(runs.get(target.endpoint) ?? []), row]);
      }
    }
    return [...runs.values()].map(medianRound);
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * Each target on each tree's server (`perServer[i]`: server i's targets, in the same order),
 * alternating the trees target by target for ROUNDS rounds; per tree and target the round with the
 * median CPU per request.
 */
async function measureTrees(db: string, servers: RunningServer[], perServer: Target[][]): Promise<Row[]> {
  const runs = new Map<string, Row[]>();
  const wanted = [...perServer[0]!.keys()].filter((t) => selected(perServer[0]![t]!));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const t of wanted) {
      for (const [i, server] of servers.entries()) {
        const row = await measureOne(`${db}, ${TREES[i]!.label}`, server.baseUrl, perServer[i]![t]!, [server.pid]);
        runs.set(`${i}|${t}`, [...(runs.get(`${i}|${t}`) ?? []), row]);
      }
    }
  }
  const rows: Row[] = [];
  for (const t of wanted) {
    for (const i of servers.keys()) {
      rows.push(medianRound(runs.get(`${i}|${t}`) ?? []));
    }
  }
  return rows;
}

/** Of one target's rounds, the one with the median CPU per request. */
function medianRound(rounds: Row[]): Row {
  return [...rounds].sort((x, y) => x.cpuUs - y.cpuUs)[Math.floor(rounds.length / 2)]!;
}

async function benchPglite(): Promise<Row[]> {
  const servers: RunningServer[] = [];
  try {
    for (const tree of TREES) {
      servers.push(await startServer(tree));
    }
    // Each tree has its own PGlite database: the same users, under other ids and tokens.
    const perServer = await Promise.all(
      servers.map(async (server) => {
        const token = await login(server);
        return [SITE_INFO, userMe(token), getMoney(token), listOrder(token)];
      }),
    );
    await settle(servers);
    return await measureTrees('pglite', servers, perServer);
  } finally {
    for (const server of servers) {
      await server.stop();
    }
  }
}

/** The node feed's full state, measured call by call (it is one large answer, not a hot loop). */
const NODE_STATE: Target = {
  endpoint: `GET /api/sub-server/node/state (${STATE_PROXIES.toLocaleString('en')} proxies)`,
  path: '/api/sub-server/node/state',
  headers: {},
};

interface StateRow {
  db: string;
  proxies: number;
  /** Median wall time of a call, ms. */
  ms: number;
  /** Median of the server's peak RSS during a call over its RSS just before, MB. */
  extraMb: number;
  /** Median server CPU time per call, ms. */
  cpuMs: number;
}
const stateRows: StateRow[] = [];

/**
 * Gives the third seeded node (empty) a known secret and moves 10,000 proxies of the second onto
 * it, ports and all, so that node's full state has exactly STATE_PROXIES proxies.
 */
async function seedStateNode(db: pg.Client): Promise<{ id: string; secret: string }> {
  const nodes = (await db.query<{ id: string }>(`select id from nodes where name like 'bench-%' order by name`)).rows;
  const [from, to] = [nodes[1]!.id, nodes[2]!.id];
  const secret = randomBytes(24).toString('hex');
  await db.query('begin');
  await db.query(`update nodes set secret_hash = $2 where id = $1`, [
    to,
    createHash('sha256').update(secret).digest('hex'),
  ]);
  await db.query(
    `create temp table moved on commit drop as
       select id, port from proxies where node_id = $1 order by port limit ${STATE_PROXIES}`,
    [from],
  );
  await db.query(`update node_ports set proxy_id = null where proxy_id in (select id from moved)`);
  await db.query(`update proxies set node_id = $1 where id in (select id from moved)`, [to]);
  await db.query(`update node_ports np set proxy_id = m.id from moved m where np.node_id = $1 and np.port = m.port`, [
    to,
  ]);
  await db.query('commit');
  return { id: to, secret };
}

/**
 * A second shared address on each seeded node, so a proxy's first change of IP has somewhere to go
 * and the change-IP URL's measured calls are the ones a polling tool makes: too soon, answered 429
 * with the wait (without it every call would be a refused rotation, a transaction of its own).
 */
async function seedSecondEgress(db: pg.Client): Promise<void> {
  await db.query(
    `insert into egress_ips (id, node_id, product, country, ip, family, shared)
     select gen_random_uuid(), id, 'v6', 'VN', '::2', 6, true from nodes where name like 'bench-%'`,
  );
}

/** The server's background jobs (jobs/index.ts), parked in both trees during the run. */
const JOB_NAMES = [
  'alerts',
  'telegram',
  'auto-renew',
  'lifecycle',
  'maintenance',
  'outbox',
  'payments-reconciler',
  'ip-rotation',
  'stats-rollup',
  'supplier-purchases',
  'usage-rollup',
];

/**
 * Holds every job's lease for a day, so no instance runs the background jobs while requests are
 * measured: the alert sweep over 100,000 proxies takes seconds of CPU every minute, and lands on
 * whichever instance (tree) holds its lease, which would be measured as that tree's requests.
 */
async function parkJobs(db: pg.Client): Promise<void> {
  await db.query(
    `insert into job_leases (name, holder, expires_at) select unnest($1::text[]), 'bench-api', now() + interval '1 day'
     on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at`,
    [JOB_NAMES],
  );
}

/** A number from /proc/<pid>/status (kB), e.g. VmRSS or VmHWM. */
function procStatusKb(pid: number, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

async function measureState(db: string, server: RunningServer, node: { id: string; secret: string }) {
  const headers = { authorization: `Node ${node.id}:${node.secret}` };
  const url = `${server.baseUrl}${NODE_STATE.path}`;
  const samples: Array<{ ms: number; extraMb: number; cpuMs: number }> = [];
  let proxies = 0;
  let from = process.hrtime.bigint();
  // Two unmeasured calls warm the code paths up.
  for (let n = -2; n < STATE_CALLS; n += 1) {
    if (n === 0) {
      from = process.hrtime.bigint();
    }
    // Writing 5 resets the peak RSS (VmHWM) to the current RSS (proc(5), clear_refs).
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const rss0 = procStatusKb(server.pid, 'VmRSS');
    const cpu0 = cpuSecondsOf(server.pid);
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) {
      throw new Error(`node/state: ${res.status} ${body.slice(0, 200)}`);
    }
    proxies = (JSON.parse(body) as { proxies: unknown[] }).proxies.length;
    if (n >= 0) {
      samples.push({
        ms,
        extraMb: (procStatusKb(server.pid, 'VmHWM') - rss0) / 1024,
        cpuMs: (cpuSecondsOf(server.pid) - cpu0) * 1000,
      });
    }
  }
  recordWindow(db, NODE_STATE.endpoint, [server.pid], from);
  const median = (k: 'ms' | 'extraMb' | 'cpuMs') =>
    [...samples].sort((x, y) => x[k] - y[k])[Math.floor(samples.length / 2)]![k];
  const row: StateRow = { db, proxies, ms: median('ms'), extraMb: median('extraMb'), cpuMs: median('cpuMs') };
  console.log(
    `  ${db} ${NODE_STATE.endpoint}: ${row.ms.toFixed(1)} ms, +${row.extraMb.toFixed(1)} MB, ` +
      `${row.cpuMs.toFixed(0)} ms CPU (median of ${STATE_CALLS} calls, load average ${loadavg()[0]!.toFixed(1)})`,
  );
  return row;
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 where there is none. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/**
 * Waits (up to 60 s) until the instances are idle, so a newly started one's start-up work (its
 * first job sweeps over the seeded rows) is not measured as its throughput; prints what it saw.
 */
async function settle(servers: RunningServer[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = servers.map((x) => cpuSecondsOf(x.pid));
    await new Promise((r) => setTimeout(r, 2000));
    const busy = servers.map((x, i) => Math.round(((cpuSecondsOf(x.pid) - before[i]!) / 2) * 100));
    if (busy.every((pct) => pct < 10) || Date.now() > deadline) {
      console.log(`  instances' CPU before measuring: ${busy.map((pct) => `${pct}%`).join(', ')}`);
      return;
    }
  }
}

/** Whether `haproxy` is on PATH for the balancer figures. */
function haproxyOnPath(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** A fresh database beside the one in DATABASE_URL, so the run never touches real data. */
async function benchPostgres(): Promise<{ rows: Row[]; notes: string[] } | string> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    return `PostgreSQL skipped: cannot connect to ${PG_URL} (${err instanceof Error ? err.message : String(err)})`;
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const stops: Array<() => Promise<void>> = [];
  let node: { id: string; secret: string } | undefined;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    // This tree's server starts first and migrates the empty database (a baseline may predate some
    // migrations, and the seed is written for this tree's schema); the seed goes in before the
    // baselines start.
    const servers: RunningServer[] = new Array<RunningServer>(TREES.length);
    for (let n = 0; n < TREES.length; n += 1) {
      const i = (n + TREES.length - 1) % TREES.length;
      const server = await startServer(TREES[i]!, { databaseUrl: url.toString() });
      stops.push(() => server.stop());
      servers[i] = server;
      if (n > 0) {
        continue;
      }
      const db = new pg.Client({ connectionString: url.toString() });
      // The database is dropped (with FORCE) at the end, which ends this connection: not an error.
      db.on('error', () => undefined);
      await db.connect();
      const t0 = Date.now();
      await seedProxies(db, USERS, PER_USER);
      node = await seedStateNode(db);
      await seedSecondEgress(db);
      await parkJobs(db);
      await db.end();
      console.log(
        `  seeded ${USERS * PER_USER} proxies for ${USERS} users in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    const a = servers[servers.length - 1]!;
    // Each tree signs its own tokens (its own APP_SECRET): every server gets tokens it issued.
    // The link targets last: their issue call is a write, and each tree links a proxy of its own.
    const perServer = await Promise.all(
      servers.map(async (server, i) => {
        const customer = await login(server, 'bench-0005@bench.test');
        // A tree from before the links for tools has none to measure (null): then no tree is measured on them.
        const links = await linkTargets(server.baseUrl, customer, i).catch((err: unknown) => {
          console.log(`  ${TREES[i]!.label}: no link targets (${String(err)})`);
          return null;
        });
        return {
          links,
          base: [
            SITE_INFO,
            userMe(await login(server)),
            getMoney(customer),
            listOrder(customer),
            listProxyMe(customer),
          ],
        };
      }),
    ).then((all) => all.map((s) => [...s.base, ...(all.every((x) => x.links) ? s.links! : [])]));
    const targets = perServer[perServer.length - 1]!;
    const [me, list] = [targets[1]!, targets[4]!];
    await settle(servers);
    const rows = await measureTrees('postgres', servers, perServer);
    if (process.env.BENCH_FLOOR !== '0') {
      rows.push(...(await measureFloor(a, targets.slice(0, 5).filter(selected), url.toString())));
    }
    const notes: string[] = [];
    if (node && selected(NODE_STATE)) {
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [i, server] of servers.entries()) {
          stateRows.push(await measureState(`postgres, ${TREES[i]!.label}`, server, node));
        }
      }
    }
    if (process.env.BENCH_HAPROXY === '0' || !targets.some(selected)) {
      return { rows, notes };
    }
    if (!haproxyOnPath()) {
      notes.push('HAProxy figures skipped: no `haproxy` on PATH (apt-get install haproxy)');
      return { rows, notes };
    }
    const b = await startServer(TREES[TREES.length - 1]!, { databaseUrl: url.toString() });
    stops.push(() => b.stop());
    // One instance behind HAProxy (both backend lines name it, so the balancer's own cost is in both
    // figures) and two, measured in alternation so a change of the machine's load hits both alike.
    const one = await balancer(a, a);
    stops.push(one.stop);
    const two = await balancer(a, b);
    stops.push(two.stop);
    await settle([a, b]);
    const byLabel = new Map<string, Row[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of [me, list].filter(selected)) {
        for (const [label, lb] of [
          ['1 instance behind HAProxy', one.baseUrl],
          ['2 instances behind HAProxy', two.baseUrl],
        ] as const) {
          const pids = label.startsWith('1') ? [a.pid] : [a.pid, b.pid];
          const row = await measureOne(`postgres, this, ${label}`, lb, target, pids);
          const key = `${label}|${target.endpoint}`;
          byLabel.set(key, [...(byLabel.get(key) ?? []), row]);
        }
      }
    }
    // Per configuration and endpoint, the round with the median throughput.
    const pick = (label: string, target: Target) => {
      const runs = [...(byLabel.get(`${label}|${target.endpoint}`) ?? [])].sort((x, y) => x.rps - y.rps);
      return runs[Math.floor(runs.length / 2)]!;
    };
    for (const target of [me, list].filter(selected)) {
      const r1 = pick('1 instance behind HAProxy', target);
      const r2 = pick('2 instances behind HAProxy', target);
      rows.push(r1, r2);
      const failed = [r1, r2].some((r) => r.failures !== '0/0');
      notes.push(
        (failed ? 'NOT VALID (some requests failed, see errors/non-2xx): ' : '') +
          `${target.endpoint}: two instances ${(r2.rps / r1.rps).toFixed(2)}× one's throughput ` +
          `(${r2.rps} vs ${r1.rps} req/s), p99 ${r2.p99} vs ${r1.p99} ms (median of ${ROUNDS} alternating rounds)`,
      );
    }
    return { rows, notes };
  } finally {
    for (const stop of stops.reverse()) {
      await stop().catch(() => undefined);
    }
    if (process.env.BENCH_KEEP_DB === '1') {
      console.log(`kept the database ${name} (BENCH_KEEP_DB=1)`);
    } else {
      // FORCE (PostgreSQL 13+) drops it even if a pooled connection lingers.
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err: unknown) => {
        console.error(`could not drop ${name}: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
    await admin.end();
  }
}

/** HAProxy with the repository's configuration in front of `a` and `b` (maybe the same instance). */
async function balancer(a: RunningServer, b: RunningServer): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const haproxy = spawn('haproxy', ['-db', '-f', path.join(repoRoot, 'deploy/haproxy/haproxy.cfg')], {
    env: {
      ...process.env,
      LB_BIND: `127.0.0.1:${port}`,
      PANEL_A: `127.0.0.1:${a.port}`,
      PANEL_B: `127.0.0.1:${b.port}`,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => haproxy.once('exit', () => resolve()));
  const stop = async () => {
    haproxy.kill('SIGTERM');
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  // Up once both servers passed their checks (rise 2, every second): each backend answered.
  const deadline = Date.now() + 20_000;
  const seen = new Set<string>();
  while (seen.size < (a === b ? 1 : 2)) {
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy on ${port}: not both instances within 20 s (saw ${[...seen].join(', ')})`);
    }
    const by = await fetch(`${baseUrl}/api/health/ready`).then(
      (r) => (r.ok ? r.headers.get('x-served-by') : null),
      () => null,
    );
    if (by) {
      seen.add(by);
    } else {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { baseUrl, stop };
}

function printGrid(header: string[], cells: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const c of cells) {
    console.log(line(c));
  }
}

function printTable(rows: Row[]): void {
  printGrid(
    ['db', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'errors/non-2xx', 'load avg'],
    rows.map((r) => [
      r.db,
      r.endpoint,
      String(r.rps),
      String(r.p50),
      String(r.p99),
      String(r.cpuUs),
      r.failures,
      r.load.toFixed(1),
    ]),
  );
  if (stateRows.length > 0) {
    printGrid(
      ['db', 'node/state proxies', 'ms per call', 'extra MB', 'CPU ms per call'],
      stateRows.map((r) => [r.db, String(r.proxies), r.ms.toFixed(1), r.extraMb.toFixed(1), r.cpuMs.toFixed(0)]),
    );
  }
  if (TREES.length < 2) {
    return;
  }
  // this ÷ each baseline, per database and endpoint.
  for (const base of TREES.slice(0, -1)) {
    const ratios: string[][] = [];
    for (const r of rows.filter((x) => x.db.endsWith(', this'))) {
      const db = r.db.slice(0, -', this'.length);
      const b = rows.find((x) => x.db === `${db}, ${base.label}` && x.endpoint === r.endpoint);
      if (b && b.cpuUs > 0 && b.rps > 0) {
        ratios.push([
          db,
          r.endpoint,
          `${b.cpuUs} → ${r.cpuUs} (${(r.cpuUs / b.cpuUs).toFixed(2)}×)`,
          `${b.rps} → ${r.rps} (${(r.rps / b.rps).toFixed(2)}×)`,
          `${b.p99} → ${r.p99}`,
        ]);
      }
    }
    printGrid(['db', `endpoint (${base.label} → this)`, 'CPU µs/req', 'req/s', 'p99 ms'], ratios);
  }
  if (stateRows.length > 0) {
    // node/state, median per tree over the rounds.
    const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    printGrid(
      ['db', 'node/state per tree (median of rounds)', 'ms per call', 'extra MB', 'CPU ms per call'],
      [...new Set(stateRows.map((r) => r.db))].map((db) => {
        const mine = stateRows.filter((r) => r.db === db);
        return [
          db,
          '',
          med(mine.map((r) => r.ms)).toFixed(1),
          med(mine.map((r) => r.extraMb)).toFixed(1),
          med(mine.map((r) => r.cpuMs)).toFixed(0),
        ];
      }),
    );
  }
}

async function main(): Promise<void> {
  console.log(
    `bench: ${CONNECTIONS} connections, ${SECONDS} s per endpoint (after a ${WARMUP_SECONDS} s warm-up); ` +
      `load average at start ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
  );
  const rows = process.env.BENCH_PGLITE === '0' ? [] : await benchPglite();
  const postgres = await benchPostgres();
  const notes = typeof postgres === 'string' ? [postgres] : postgres.notes;
  if (typeof postgres !== 'string') {
    rows.push(...postgres.rows);
  }
  printTable(rows);
  console.log('');
  for (const note of notes) {
    console.log(note);
  }
  console.log(
    `load average at the end ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
