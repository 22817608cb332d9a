// `npm run bench:orders`: buying and listing on PostgreSQL with 100,000 proxies across 1,000 users,
// against the real server started as a child process. Prints:
//   - buying 1,000 proxies in one order (median of several purchases),
//   - GET list-proxy-me page 1 (p50, p99, req/s) for users who own 100 proxies each,
//   - buy-retail throughput at 32 concurrent buyers (50 proxies each).
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the run creates and
// drops its own database beside it), BENCH_SECONDS (default 10), BENCH_PHASES (default
// "buy,list,retail": a subset runs only those), BENCH_KEEP_DB=1 (keep the database for a look),
// BENCH_SERVER_NODE_ARGS (Node options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"),
// BENCH_BASELINE=<dir>[,<dir>…] (other checkouts with their node_modules: the same run on each tree's
// server, on a database of its own, alternating the trees for BENCH_ROUNDS rounds, default 2; then
// the ratios), BENCH_ROUNDS.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, type RunningServer } from '../e2e/support/server';
import { BASELINES, TREES, type Tree } from './bench-trees';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 1_000;
const PER_USER = 100;
const CONCURRENCY = 32;
const PHASES = new Set((process.env.BENCH_PHASES ?? 'buy,list,retail').split(','));

async function api<T>(
  server: RunningServer,
  path: string,
  init: { token?: string; body?: unknown; method?: string; from?: string } = {},
): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.from ? { 'x-forwarded-for': init.from } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as T;
  if (!res.ok) {
    throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json;
}

/** CPU seconds (user + system) of the API process tree, of all PostgreSQL processes, and of this process. */
function cpuSeconds(): { api: number; pg: number; self: number } {
  const hz = 100; // USER_HZ, 100 on Linux
  let api = 0;
  let pg = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    // Fields after the command name, which sits in parentheses and may itself hold spaces.
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]);
    if (name === 'postgres') {
      pg += ticks / hz;
    } else if (Number(entry) === benchServerPid) {
      api += ticks / hz;
    }
  }
  const own = process.cpuUsage();
  return { api, pg, self: (own.user + own.system) / 1e6 };
}
let benchServerPid = 0;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (BASELINES.length > 0 ? 2 : 1));

/** One figure of a run: its value, how it prints, and whether more is better (for the ratio). */
interface Figure {
  value: number;
  text: string;
  target?: string;
}
type Figures = Map<string, Figure>;

/** One tree's run on a database of its own: seed, then the phases. */
async function measure(admin: pg.Client, tree: Tree): Promise<Figures> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const figures: Figures = new Map();
  let server: RunningServer | null = null;
  try {
    // Behind a (pretend) reverse proxy, so the bench's logins come from many client addresses and
    // stay clear of the per-IP login limit.
    server = await startServer({
      root: tree.root,
      databaseUrl: url.toString(),
      env: { TRUST_PROXY: '1' },
      nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
      startTimeoutMs: 180_000,
    });
    benchServerPid = server.pid;
    const db = new pg.Client({ connectionString: url.toString() });
    // The database is dropped (with FORCE) at the end, which ends this connection: not an error.
    db.on('error', () => undefined);
    await db.connect();
    const t0 = Date.now();
    // Each tree seeds with its own script: table and column names differ between trees.
    const { seedProxies } = (await import(pathToFileURL(path.join(tree.root, 'scripts/bench-seed.ts')).href)) as {
      seedProxies: (db: pg.Client, users: number, perUser: number) => Promise<void>;
    };
    await seedProxies(db, USERS, PER_USER);
    const count = (await db.query<{ n: string }>('select count(*) as n from proxies')).rows[0]!.n;
    console.log(
      `[${tree.label}] seeded ${count} proxies for ${USERS} users in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    const password = server.adminPassword;
    const tokens: string[] = [];
    for (let i = 0; i < CONCURRENCY + 1; i++) {
      const email = `bench-${String(i).padStart(4, '0')}@bench.test`;
      tokens.push(
        (
          await api<{ tokens: { accessToken: string } }>(server, '/api/auth/login', {
            body: { email, password },
            from: `10.77.0.${i + 1}`,
          })
        ).tokens.accessToken,
      );
    }

    // 1. One order of 1,000 proxies.
    if (PHASES.has('buy')) {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const start = process.hrtime.bigint();
        const r = await api<{ proxies: unknown[] }>(server, '/api/v6-proxy/buy-retail', {
          token: tokens[0],
          body: { country: 'VN', quantity: 1000, period: { unit: 'day', value: 1 } },
        });
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (r.proxies.length !== 1000) {
          throw new Error(`expected 1000 proxies, got ${r.proxies.length}`);
        }
      }
      figures.set('buy 1,000 proxies, median ms', {
        value: median(times),
        text: `${median(times).toFixed(0)} (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
        target: '< 1,000 ms',
      });
    }

    // 2. list-proxy-me page 1, for a user with 100 proxies among 100,000.
    if (PHASES.has('list')) {
      const listUrl = `${server.baseUrl}/api/v6-proxy/list-proxy-me?page=1&limit=25`;
      const headers = { authorization: `Bearer ${tokens[5]}` };
      await autocannon({ url: listUrl, connections: CONCURRENCY, duration: 2, headers });
      const cpu0 = cpuSeconds();
      const list = await autocannon({ url: listUrl, connections: CONCURRENCY, duration: SECONDS, headers });
      const cpu = cpuSeconds();
      const perReq = (a: number, b: number) => (1e6 * (b - a)) / list.requests.total;
      const rps = list.requests.average;
      figures.set('list-proxy-me req/s', { value: rps, text: `${Math.round(rps)} (non-2xx ${list.non2xx})` });
      figures.set('list-proxy-me p99 ms', {
        value: list.latency.p99,
        text: String(list.latency.p99),
        target: '< 25 ms',
      });
      for (const [what, a, b] of [
        ['API', cpu0.api, cpu.api],
        ['PostgreSQL', cpu0.pg, cpu.pg],
      ] as const) {
        const us = perReq(a, b);
        figures.set(`list-proxy-me ${what} CPU µs/req`, { value: us, text: us.toFixed(0) });
      }
    }

    // 3. buy-retail throughput: 32 buyers at once, 50 proxies each, a fixed number of purchases.
    if (PHASES.has('retail')) {
      let next = 0;
      const cpu0 = cpuSeconds();
      const buy = await autocannon({
        url: server.baseUrl,
        connections: CONCURRENCY,
        amount: 1500,
        requests: [
          {
            method: 'POST',
            path: '/api/v6-proxy/buy-retail',
            setupRequest: (req) => ({
              ...req,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${tokens[1 + (next++ % CONCURRENCY)]}`,
              },
              body: JSON.stringify({ country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } }),
            }),
          },
        ],
      });
      const cpu = cpuSeconds();
      figures.set('buy-retail x50 orders/s', {
        value: buy.requests.average,
        text: `${Math.round(buy.requests.average)} (p99 ${buy.latency.p99} ms, non-2xx ${buy.non2xx}, errors ${buy.errors})`,
      });
      const apiMs = (1e3 * (cpu.api - cpu0.api)) / buy.requests.total;
      figures.set('buy-retail x50 API CPU ms/order', { value: apiMs, text: apiMs.toFixed(2) });
    }
    const audit = await db.query<{ n: string }>(
      `select count(*) as n from (select u.id from users u left join transactions t on t.user_id = u.id
       group by u.id, u.balance having u.balance <> coalesce(sum(t.amount), 0)) x`,
    );
    await db.end();
    const mismatches = Number(audit.rows[0]?.n);
    if (mismatches !== 0) {
      throw new Error(`[${tree.label}] ledger audit: ${mismatches} users whose balance is not their ledger sum`);
    }
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP_DB === '1') {
      console.log(`kept the database ${name} (BENCH_KEEP_DB=1)`);
    } else {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    }
  }
  return figures;
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    console.log(
      `bench:orders needs PostgreSQL: cannot connect to ${PG_URL} (${err instanceof Error ? err.message : String(err)})`,
    );
    process.exitCode = 1;
    return;
  }
  // Rounds alternate the trees, so a machine that slows down mid-run weighs on all of them.
  const runs = new Map<string, Figures[]>(TREES.map((t) => [t.label, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const tree of round % 2 === 0 ? TREES : [...TREES].reverse()) {
        runs.get(tree.label)!.push(await measure(admin, tree));
      }
    }
  } finally {
    await admin.end();
  }
  // Per figure and tree: the run with the median value, printed whole; then each tree ÷ this.
  const names = [...(runs.get('this')?.[0]?.keys() ?? [])];
  const header = ['figure (median of rounds)', ...TREES.map((t) => t.label)];
  const lines = [header];
  for (const figure of names) {
    const picked = TREES.map((t) => {
      const all = runs.get(t.label)!.map((f) => f.get(figure)!);
      const mid = median(all.map((f) => f.value));
      return all.find((f) => f.value === mid)!;
    });
    const target = picked.at(-1)?.target;
    lines.push([`${figure}${target ? ` (${target})` : ''}`, ...picked.map((f) => f.text)]);
    if (TREES.length > 1) {
      const base = picked[0]!.value;
      lines.push([`  this ÷ baseline`, ...picked.map((f) => (base > 0 ? `${(f.value / base).toFixed(2)}x` : '-'))]);
    }
  }
  console.log(`\nbench:orders, ${ROUNDS} round(s), all ledger audits hold`);
  const widths = header.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  for (const line of lines) {
    console.log(line.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
