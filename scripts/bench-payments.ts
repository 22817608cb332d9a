// `npm run bench:payments`: bank-webhook credits per second and latency on PostgreSQL, against the
// real server started as a child process, with 32 concurrent distinct webhooks (each a new SePay id,
// so each is a real credit: top-up row, ledger row, balance update, NOTIFY). The ledger audit runs
// afterwards, and every 200 must be exactly one credited top-up.
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the run creates and
// drops its own database beside it), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 32),
// BENCH_USERS (default 1000), BENCH_SERVER_ARGS (extra node flags for the server, e.g. --cpu-prof).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../apps/server/src/db/client';
import { findLedgerMismatches } from '../apps/server/src/modules/ledger/audit-ledger';
import { findTopupMismatches } from '../apps/server/src/modules/payments/topup-mismatches';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const WARMUP_SECONDS = 2;
const TARGET_PER_SEC = 500;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KEY = 'bench-bank-webhook-key';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  // BENCH_SERVER_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      BANK_WEBHOOK_KEY: KEY,
      DEMO: '0',
      GATEWAY: 'off',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        return child;
      }
    } catch {
      // not up yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Payers straight in the database, each with a codeBill, like users who opened the top-up page. */
async function seedPayers(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const site = (await c.query<{ id: string }>('select id from sites where is_default')).rows[0]!.id;
    const codes: string[] = [];
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = 0; i < USERS; i++) {
      let code = 'NAP';
      for (let j = 0; j < 6; j++) {
        code += ALPHABET[randomInt(ALPHABET.length)];
      }
      codes.push(code);
      params.push(randomUUID(), site, `bench-${i}-${randomBytes(3).toString('hex')}@bench.test`, code);
      const k = params.length;
      values.push(`($${k - 3}, $${k - 2}, $${k - 1}, 1, $${k})`);
    }
    await c.query(
      `insert into users (id, site_id, email, role, code_bill) values ${values.join(',')} on conflict do nothing`,
      params,
    );
    const rows = await c.query<{ code_bill: string }>('select code_bill from users where code_bill is not null');
    return rows.rows.map((r) => r.code_bill);
  } finally {
    await c.end();
  }
}

interface Run {
  ok: number;
  failed: number;
  latencies: number[];
  seconds: number;
}

async function load(port: number, codes: string[], seconds: number, nextId: () => number): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const post = (body: string) =>
    new Promise<number>((resolve) => {
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/webhook/bank',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Apikey ${KEY}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const id = nextId();
        const body = JSON.stringify({
          id,
          gateway: 'ACB',
          transactionDate: '2026-01-05 10:00:00',
          accountNumber: '0000000001',
          code: null,
          content: `MBVCB.${id}.${codes[randomInt(codes.length)]}.CT tu bench`,
          transferType: 'in',
          transferAmount: 10_000 + randomInt(90_000),
          accumulated: 0,
          subAccount: null,
          referenceCode: `FT${id}`,
        });
        const t0 = performance.now();
        const status = await post(body);
        latencies.push(performance.now() - t0);
        if (status === 200) {
          ok++;
        } else {
          failed++;
        }
      }
    }),
  );
  agent.destroy();
  return { ok, failed, latencies, seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    console.error(`cannot connect to ${PG_URL}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const name = `bench_pay_${randomBytes(4).toString('hex')}`;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  await admin.query(`CREATE DATABASE ${name}`);
  let server: ChildProcess | undefined;
  let auditFailed = false;
  try {
    const port = await freePort();
    server = await startServer(url.toString(), port);
    const codes = await seedPayers(url.toString());
    let id = 1;
    console.log(
      `bench: bank webhooks, ${CONNECTIONS} concurrent, ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up), ${codes.length} payers`,
    );
    const warm = await load(port, codes, WARMUP_SECONDS, () => id++);
    const run = await load(port, codes, SECONDS, () => id++);
    const sorted = [...run.latencies].sort((a, b) => a - b);
    const perSec = run.ok / run.seconds;

    const database = await openPostgres(url.toString(), 2);
    try {
      const ledger = await findLedgerMismatches(database.db);
      const topups = await findTopupMismatches(database.db);
      const counted = await queryRows<{ n: string }>(
        database.db,
        sql`select count(*) as n from topups where method = 'bank' and status = 'success'`,
      );
      const credited = Number(counted[0]?.n);
      const answered = warm.ok + run.ok;
      auditFailed = ledger.length > 0 || topups.length > 0 || credited !== answered;
      console.log('');
      console.log(
        `credits/s        ${perSec.toFixed(0)}  (target ≥ ${TARGET_PER_SEC}: ${perSec >= TARGET_PER_SEC ? 'met' : 'NOT met'})`,
      );
      console.log(`latency p50      ${percentile(sorted, 50).toFixed(1)} ms`);
      console.log(`latency p99      ${percentile(sorted, 99).toFixed(1)} ms`);
      console.log(`latency max      ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms`);
      console.log(`requests         ${run.ok} ok, ${run.failed} failed in ${run.seconds.toFixed(1)} s`);
      console.log(
        `ledger audit     ${ledger.length === 0 && topups.length === 0 ? 'ok' : `FAILED (${ledger.length} balances, ${topups.length} top-ups)`}`,
      );
      console.log(
        `exactly once     ${credited} credited top-ups for ${answered} answered webhooks${credited === answered ? '' : ' — MISMATCH'}`,
      );
    } finally {
      await database.close();
    }
  } finally {
    if (server) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err: unknown) => {
      console.error(`could not drop ${name}: ${err instanceof Error ? err.message : String(err)}`);
    });
    await admin.end();
  }
  if (auditFailed) {
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
