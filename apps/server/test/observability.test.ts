import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { prepare } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { PG_LISTENER_APPLICATION_NAME, queryRows, type Database } from '../src/db/client.js';
import { sql } from 'drizzle-orm';
import { Clock } from '../src/lib/clock.js';
import { currentRequestId } from '../src/lib/request-context.js';
import { MemoryMailer, openTestDatabase } from './helper.js';

/**
 * `/metrics` behind its token, liveness and readiness against a database that really goes away,
 * and the request id in the answer, the header and the log line (docs/operations.md#metrics, docs/operations.md#health).
 */
const TOKEN = 'metrics-token-0123456789';

interface Instance {
  app: FastifyInstance;
  database: Database;
  lines: Record<string, unknown>[];
  drop: () => Promise<void>;
}

async function instance(env: Record<string, string> = {}): Promise<Instance> {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pp-obs-')),
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    CAPTCHA: 'off',
    METRICS_TOKEN: TOKEN,
    ...env,
  });
  const prepared = await prepare(config, database, new MemoryMailer(), new Clock());
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  const app = await buildApp(prepared, { webDist: null, logger: { level: 'warn', stream } });
  // A handler that reads the request id the way a service does (the audit trail), after a body.
  app.post('/test/request-id', async () => ({ id: currentRequestId() ?? null }));
  await app.ready();
  return { app, database, lines, drop: () => drop().catch(() => undefined) };
}

/** The value of one sample line of the exposition text, 0 when it is absent. */
function sample(text: string, prefix: string): number {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /metrics', () => {
  let t: Instance;
  beforeAll(async () => {
    t = await instance();
  });
  afterAll(async () => {
    await t.app.close();
    await t.drop();
  });

  it('is refused without the token or with a wrong one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain('panel_http_requests_total');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests per route pattern, with latency, and reports streams, pool and outbox', async () => {
    const scrape = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      return res.body;
    };
    const route = 'panel_http_requests_total{method="GET",route="/api/health/live",status="200"}';
    const hist = 'panel_http_request_duration_seconds_count{method="GET",route="/api/health/live"}';
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    }
    // A 404 under an unknown path is counted once under one label, never under its URL.
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing-12345' });
    const after = await scrape();
    expect(sample(after, route) - sample(before, route)).toBe(3);
    expect(sample(after, hist) - sample(before, hist)).toBe(3);
    expect(after).not.toContain('no-such-thing-12345');
    expect(after).toMatch(/panel_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(after).toMatch(/^panel_sse_streams 0$/m);
    expect(after).toMatch(/^panel_outbox_backlog \d+$/m);
    expect(after).toMatch(/^panel_listen_up 1$/m);
    expect(after).toContain('process_cpu_seconds_total');
    if (t.database.kind === 'postgres') {
      expect(after).toMatch(/panel_db_pool_connections\{state="total"\} [1-9]/);
    }
  });

  it('answers 404 when no METRICS_TOKEN is configured', async () => {
    const other = await instance({ METRICS_TOKEN: '' });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.app.close();
      await other.drop();
    }
  });
});

describe('request id', () => {
  it('is the X-Request-Id header, the reqId of the log line and the requestId of a 5xx answer', async () => {
    const t = await instance();
    try {
      const kept = await t.app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': 'lb-1234abcd' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-1234abcd');
      const fresh = await t.app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': 'bad id!' },
      });
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

      const echoed = await t.app.inject({
        method: 'POST',
        url: '/test/request-id',
        headers: { 'x-request-id': 'lb-5678efgh' },
        payload: { a: 1 },
      });
      expect(echoed.json()).toEqual({ id: 'lb-5678efgh' });

      // The database goes away: the 5xx answer names the request, as does the log line. (A
      // pool's refused connection is a 503 SERVICE_UNAVAILABLE; a closed PGlite a 500.)
      await t.database.close();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/site/get-site-info',
        headers: { host: 'fresh.test' },
      });
      expect([500, 503]).toContain(res.statusCode);
      const body = res.json<{ message: string; requestId: string }>();
      expect(['SERVICE_UNAVAILABLE', 'UNKNOW_ERROR']).toContain(body.message);
      expect(body.requestId).toBe(res.headers['x-request-id']);
      const logged = t.lines.find((l) => l.reqId === body.requestId);
      expect(logged?.msg).toMatch(/^(database unavailable|unhandled error)$/);
      expect(logged?.level).toBeGreaterThanOrEqual(40);
    } finally {
      await t.app.close();
      await t.drop();
    }
  });
});

describe('liveness and readiness', () => {
  it('ready while the database answers; not ready, but live, once it is gone', async () => {
    const t = await instance();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        checks: { db: 'ok', migrations: 'ok', listen: 'ok', draining: false },
      });
      t.app.draining = true;
      const draining = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: 'not-ready', checks: { draining: true } });
      t.app.draining = false;

      await t.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'not-ready', checks: { db: 'down', migrations: 'unknown' } });
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });
    } finally {
      await t.app.close();
      await t.drop();
    }
  });

  it('not ready while a migration the code ships is missing', async () => {
    const t = await instance();
    try {
      await t.database.db.execute(
        'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
      );
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ checks: { db: 'ok', migrations: 'pending' } });
    } finally {
      await t.app.close();
      await t.drop();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'not ready while the LISTEN connection is lost, ready again once it is back',
    async () => {
      const t = await instance();
      try {
        await t.database.listen('readiness_probe', () => undefined);
        expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        const dbName = (await queryRows<{ d: string }>(t.database.db, sql`select current_database() as d`))[0]?.d;
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2',
          [PG_LISTENER_APPLICATION_NAME, dbName],
        );
        await admin.end();
        const seen: number[] = [];
        const deadline = Date.now() + 10_000;
        // The reconnect comes after a backoff of at least 125 ms; the probe answers in a few.
        while (Date.now() < deadline && !(seen.includes(503) && seen.at(-1) === 200)) {
          const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
          if (res.statusCode === 503) {
            expect(res.json()).toMatchObject({ checks: { db: 'ok', listen: 'down' } });
          }
          seen.push(res.statusCode);
          await new Promise((r) => setTimeout(r, 5));
        }
        expect(seen).toContain(503);
        expect(seen.at(-1)).toBe(200);
      } finally {
        await t.app.close();
        await t.drop();
      }
    },
  );
});
