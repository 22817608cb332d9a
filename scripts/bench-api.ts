// `npm run bench:api`: throughput and latency of two hot endpoints on PGlite and on PostgreSQL, each
// against the real server started as a child process (as in production, minus the SPA build).
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the run creates and drops
// its own database beside it), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32),
// BENCH_INSTANCES=2: on PostgreSQL also one and then two instances behind HAProxy
// (deploy/haproxy/haproxy.cfg; `apt-get install haproxy`), side by side in the same run.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { freePort, repoRoot, startServer, type RunningServer } from '../e2e/support/server';

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
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  db: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  failures: string;
}

async function login(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  const body = (await res.json()) as { tokens?: { accessToken?: string } };
  const token = body.tokens?.accessToken;
  if (!res.ok || !token) {
    throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return token;
}

async function measure(db: string, server: RunningServer): Promise<Row[]> {
  // The access token lives 15 minutes, far longer than one database's runs.
  const token = await login(server);
  const targets: { endpoint: string; path: string; headers: Record<string, string> }[] = [
    { endpoint: 'GET /api/site/get-site-info', path: '/api/site/get-site-info', headers: {} },
    { endpoint: 'GET /api/user/me', path: '/api/user/me', headers: { authorization: `Bearer ${token}` } },
  ];
  const rows: Row[] = [];
  for (const target of targets) {
    const url = `${server.baseUrl}${target.path}`;
    // A short unmeasured run first, so JIT and connection-pool warm-up do not skew the figures.
    await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers: target.headers });
    const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: target.headers });
    rows.push({
      db,
      endpoint: target.endpoint,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      failures: `${r.errors + r.timeouts}/${r.non2xx}`,
    });
    process.stdout.write(`  ${db} ${target.endpoint}: ${Math.round(r.requests.average)} req/s\n`);
  }
  return rows;
}

async function benchPglite(): Promise<Row[]> {
  const server = await startServer();
  try {
    return await measure('pglite', server);
  } finally {
    await server.stop();
  }
}

/** A fresh database beside the one in DATABASE_URL, so the run never touches real data. */
async function benchPostgres(): Promise<Row[] | string> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    return `PostgreSQL skipped: cannot connect to ${PG_URL} (${err instanceof Error ? err.message : String(err)})`;
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const server = await startServer({ databaseUrl: url.toString() });
    try {
      const rows = await measure('postgres', server);
      if (process.env.BENCH_INSTANCES === '2') {
        rows.push(...(await behindHaproxy(server, server, 'postgres, 1 behind HAProxy')));
        const second = await startServer({ databaseUrl: url.toString() });
        try {
          rows.push(...(await behindHaproxy(server, second, 'postgres, 2 behind HAProxy')));
        } finally {
          await second.stop();
        }
      }
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    // FORCE (PostgreSQL 13+) drops it even if a pooled connection lingers.
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err: unknown) => {
      console.error(`could not drop ${name}: ${err instanceof Error ? err.message : String(err)}`);
    });
    await admin.end();
  }
}

/** Measures through HAProxy with the repository's configuration in front of `a` and `b` (maybe the same). */
async function behindHaproxy(a: RunningServer, b: RunningServer, label: string): Promise<Row[]> {
  const port = await freePort();
  // With one instance, both backend lines name it: the balancer's own cost is in both figures.
  const haproxy = spawn('haproxy', ['-db', '-f', path.join(repoRoot, 'deploy/haproxy/haproxy.cfg')], {
    env: {
      ...process.env,
      LB_BIND: `127.0.0.1:${port}`,
      PANEL_A: `127.0.0.1:${a.port}`,
      PANEL_B: `127.0.0.1:${b.port}`,
    },
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`${base}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        )
      ) {
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return await measure(label, { ...a, baseUrl: base, port });
  } finally {
    haproxy.kill('SIGTERM');
  }
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
  console.log(`bench: ${CONNECTIONS} connections, ${SECONDS} s per endpoint (after a ${WARMUP_SECONDS} s warm-up)`);
  const rows = await benchPglite();
  const postgres = await benchPostgres();
  if (typeof postgres === 'string') {
    console.log(postgres);
  } else {
    rows.push(...postgres);
  }
  printTable(rows);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
