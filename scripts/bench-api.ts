// `npm run bench:api`: throughput and latency of the hot endpoints against the real server started as
// a child process (as in production, minus the SPA build):
//   - PGlite: get-site-info and user/me;
//   - PostgreSQL, one instance direct: the same, plus list-proxy-me page 1 for a customer with 100
//     proxies among 100,000 (seeded into the run's own database, scripts/bench-seed.ts);
//   - PostgreSQL behind HAProxy (deploy/haproxy/haproxy.cfg; skipped with a note when `haproxy` is
//     not on PATH): user/me and list-proxy-me through one instance and through two, alternating
//     one/two for BENCH_ROUNDS rounds in the same run, then the two-to-one ratios.
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the run creates and drops
// its own database beside it), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32),
// BENCH_ROUNDS (default 2), BENCH_PGLITE=0 (skip PGlite), BENCH_KEEP_DB=1 (keep the database).
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { freePort, repoRoot, startServer, type RunningServer } from '../e2e/support/server';
import { seedProxies } from './bench-seed';
import { benchLinks } from './bench-api/links';

/** The part of autocannon's programmatic API used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number };
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

interface Row {
  db: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  failures: string;
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
}

const SITE_INFO: Target = { endpoint: 'GET /api/site/get-site-info', path: '/api/site/get-site-info', headers: {} };
const userMe = (token: string): Target => ({
  endpoint: 'GET /api/user/me',
  path: '/api/user/me',
  headers: { authorization: `Bearer ${token}` },
});
/** Page 1 of a customer who owns 100 of the 100,000 seeded proxies. */
const listProxyMe = (token: string): Target => ({
  endpoint: 'GET list-proxy-me page 1 (100,000 proxies)',
  path: '/api/v6-proxy/list-proxy-me?page=1&limit=25',
  headers: { authorization: `Bearer ${token}` },
});

async function measureOne(db: string, baseUrl: string, target: Target): Promise<Row> {
  const url = `${baseUrl}${target.path}`;
  // A short unmeasured run first, so JIT and connection-pool warm-up do not skew the figures.
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers: target.headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: target.headers });
  const row: Row = {
    db,
    endpoint: target.endpoint,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: `${r.errors + r.timeouts}/${r.non2xx}`,
  };
  process.stdout.write(
    `  ${db} ${target.endpoint}: ${row.rps} req/s, p99 ${row.p99} ms (load average ${loadavg()[0]!.toFixed(1)})\n`,
  );
  return row;
}

async function measure(db: string, server: RunningServer, targets: Target[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const target of targets) {
    rows.push(await measureOne(db, server.baseUrl, target));
  }
  return rows;
}

async function benchPglite(): Promise<Row[]> {
  const server = await startServer({ startTimeoutMs: START_TIMEOUT_MS });
  try {
    return await measure('pglite', server, [SITE_INFO, userMe(await login(server))]);
  } finally {
    await server.stop();
  }
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
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const a = await startServer({ databaseUrl: url.toString(), startTimeoutMs: START_TIMEOUT_MS });
    stops.push(() => a.stop());
    const db = new pg.Client({ connectionString: url.toString() });
    // The database is dropped (with FORCE) at the end, which ends this connection: not an error.
    db.on('error', () => undefined);
    await db.connect();
    const t0 = Date.now();
    await seedProxies(db, USERS, PER_USER);
    await db.end();
    console.log(
      `  seeded ${USERS * PER_USER} proxies for ${USERS} users in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const me = userMe(await login(a));
    const list = listProxyMe(await login(a, 'bench-0005@bench.test'));
    await settle([a]);
    const rows = await measure('postgres', a, [SITE_INFO, me, list]);
    rows.push(...(await benchLinks('postgres', a.baseUrl, list.headers.authorization!.slice(7), SECONDS)));
    const notes: string[] = [];
    if (!haproxyOnPath()) {
      notes.push('HAProxy figures skipped: no `haproxy` on PATH (apt-get install haproxy)');
      return { rows, notes };
    }
    const b = await startServer({ databaseUrl: url.toString(), startTimeoutMs: START_TIMEOUT_MS });
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
      for (const target of [me, list]) {
        for (const [label, lb] of [
          ['1 instance behind HAProxy', one.baseUrl],
          ['2 instances behind HAProxy', two.baseUrl],
        ] as const) {
          const row = await measureOne(`postgres, ${label}`, lb, target);
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
    for (const target of [me, list]) {
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

function printTable(rows: Row[]): void {
  const header = ['db', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx'];
  const cells = rows.map((r) => [r.db, r.endpoint, String(r.rps), String(r.p50), String(r.p99), r.failures]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const c of cells) {
    console.log(line(c));
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
