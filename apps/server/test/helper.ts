import { randomInt, randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { connect, type AddressInfo } from 'node:net';
import { startEmbeddedGateway, type EmbeddedGateway } from '../src/embedded-gateway.js';
import { startEcho } from '../src/modules/checker/echo.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { ROLE } from '@proxy/contract';
import { buildApp } from '../src/app.js';
import { prepare } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { openPglite, openPostgres, queryRows, type Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { findLedgerMismatches } from '../src/modules/ledger/audit-ledger.js';
import { changeBalance } from '../src/modules/ledger/change-balance.js';
import { Clock } from '../src/lib/clock.js';
import type { Mail, Mailer } from '../src/lib/mailer.js';
import { sql } from 'drizzle-orm';
import { claimPortBlock, suiteRange } from './ports.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite (a file path) that each test database starts from. */
    pgliteTemplate: string | null;
    /** The same migrated PGlite as a closed data directory, copied for spawned servers. */
    pgliteDataDir: string | null;
    /** A migrated PostgreSQL database that each test database is created from (DATABASE_URL runs). */
    postgresTemplate: string | null;
  }
}

/**
 * What test/global-setup.ts provided, or null outside Vitest or in a project without it (the
 * benchmark scripts build apps with this helper too; importing vitest there would throw).
 */
async function provided(key: 'pgliteTemplate' | 'postgresTemplate'): Promise<string | null> {
  if (!process.env.VITEST) {
    return null;
  }
  const { inject } = await import('vitest');
  return inject(key) ?? null;
}

/** The migrated template's dump, read once per test process. */
let templateDump: Promise<Blob | undefined> | undefined;

function pgliteTemplate(): Promise<Blob | undefined> {
  templateDump ??= (async () => {
    const file = await provided('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return templateDump;
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL of DATABASE_URL (created here, dropped on close). Both start as a copy of the run's
 * migrated template (test/global-setup.ts), so `prepare` finds every migration applied.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(null, await pgliteTemplate());
    return { database, drop: async () => database.close() };
  }
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const template = await provided('postgresTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), 10);
  return {
    database,
    url: u.toString(),
    drop: async () => {
      try {
        await database.close();
      } finally {
        // Also when the close fails: a test that closed the pool itself (the database going away)
        // closes it a second time here, which throws.
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      }
    },
  };
}

/**
 * A second instance on the same database: its own PostgreSQL pool (like another server), or the
 * same PGlite (the embedded database is one process by nature).
 */
async function attach(shared: { database: Database; url?: string }) {
  if (shared.database.kind === 'postgres' && shared.url) {
    const database = await openPostgres(shared.url, 10);
    return { database, drop: () => database.close() };
  }
  return { database: shared.database, drop: async () => undefined };
}

/** Another app instance on the database of `t`. */
export async function buildSecondInstance(t: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  return build(env, { database: t.database, url: t.databaseUrl });
}

export class MemoryMailer implements Mailer {
  readonly mails: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.mails.push(mail);
  }
  /** The 6-digit code in the newest mail to an address. */
  lastCode(to: string): string {
    const mail = [...this.mails].reverse().find((m) => m.to === to);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) {
      throw new Error(`no code mailed to ${to}`);
    }
    return code;
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  mailer: MemoryMailer;
  clock: Clock;
  database: Database;
  databaseUrl?: string;
  close(): Promise<void>;
  inject(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

export async function build(
  env: Record<string, string> = {},
  shared?: { database: Database; url?: string },
  /** Every JSON log line of the app, at every level (tests that read the log). */
  logStream?: { write(line: string): void },
): Promise<TestApp> {
  const { database, drop, url } = shared ? { ...(await attach(shared)), url: shared.url } : await openTestDatabase();
  // A data directory of its own (the app writes its generated keys there), removed on close.
  const dataDir = env.DATA_DIR === undefined ? mkdtempSync(path.join(tmpdir(), 'pp-test-')) : undefined;
  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    // The payment fakes listen on 127.0.0.1 over http; the SSRF tests turn this off.
    OUTBOUND_ALLOW_PRIVATE: '1',
    ...env,
  });
  const mailer = new MemoryMailer();
  const clock = new Clock();
  const prepared = await prepare(config, database, mailer, clock);
  const app = await buildApp(prepared, {
    webDist: null,
    ...(logStream ? { logger: { level: 'trace', stream: logStream } } : {}),
  });
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    mailer,
    clock,
    database,
    databaseUrl: url,
    async close() {
      try {
        await app.close();
        await drop();
      } finally {
        if (dataDir) {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    },
    inject({ token, headers, ...opts }) {
      return app.inject({
        ...opts,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

// One real argon2id hash per password for the whole test file: hashing is deliberately slow, and
// hundreds of seeded accounts sharing a salt changes nothing that these tests look at.
const seededHashes = new Map<string, Promise<string>>();
/**
 * The stored hash of a seeded account: argon2id as the server writes it, at the smallest cost.
 * The server verifies with the parameters stored in the hash, so every helper login (hundreds in
 * some files) costs a fraction of a millisecond instead of the production 19 MiB pass; the
 * production parameters are what registration, password changes and resets write, and their
 * tests go through those routes.
 */
function seededHash(password: string): Promise<string> {
  let hash = seededHashes.get(password);
  if (!hash) {
    hash = argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    seededHashes.set(password, hash);
  }
  return hash;
}

/** A verified account straight in the database (for tests that are not about registration). */
export async function createUser(
  t: TestApp,
  opts: { email?: string; password?: string; role?: number; balance?: number; host?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? `u-${randomUUID().slice(0, 8)}@example.com`;
  const password = opts.password ?? 'secret-pass-1';
  const site = await t.app.sites.resolve(opts.host ?? 'localhost');
  const id = randomUUID();
  const now = t.clock.now();
  await t.ctx.db.insert(users).values({
    id,
    siteId: site.id,
    email,
    passwordHash: await seededHash(password),
    role: opts.role ?? ROLE.CUSTOMER,
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { id, email, password };
}

export async function login(t: TestApp, u: { email: string; password: string }, host = 'localhost') {
  // Each helper login comes from its own address, so tests that log in many users stay clear of
  // the per-IP login limit (the rate-limit tests pick their addresses explicitly).
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host },
    remoteAddress,
    payload: { email: u.email, password: u.password },
  });
  if (res.statusCode !== 200) {
    throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  }
  return res.json<{ tokens: { accessToken: string; refreshToken: string }; user: { id: string } }>().tokens;
}

/** Rows in a table, for "nothing was written" assertions. */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(t.ctx.db, sql.raw(`select count(*) as n from ${table}`));
  return Number(rows[0]?.n ?? 0);
}

export async function ledgerMismatches(t: TestApp) {
  return findLedgerMismatches(t.ctx.db);
}

/** Credits a user through the ledger, as an admin top-up would. */
export async function fund(t: TestApp, userId: string, amount: number): Promise<void> {
  await t.ctx.db.transaction((tx) =>
    changeBalance(tx, { userId, amount, type: 'admin_add', content: 'test funds', at: t.clock.now() }),
  );
}

export async function balanceOf(t: TestApp, userId: string): Promise<number> {
  const rows = await queryRows<{ balance: string | number }>(
    t.ctx.db,
    sql`select balance from users where id = ${userId}`,
  );
  return Number(rows[0]?.balance);
}

/** The id of the account with this address (addresses in tests are unique across sites). */
export async function userIdByEmail(t: TestApp, email: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(t.ctx.db, sql`select id from users where email = ${email}`);
  if (rows.length !== 1) {
    throw new Error(`${rows.length} accounts with the address ${email}`);
  }
  return rows[0]!.id;
}

/** A verified, logged-in customer with a balance. */
export async function customer(t: TestApp, balance = 0, host = 'localhost') {
  const u = await createUser(t, { host });
  if (balance) {
    await fund(t, u.id, balance);
  }
  const tokens = await login(t, u, host);
  return {
    ...u,
    token: tokens.accessToken,
    /** A new access token, for tests that move the clock past the 15-minute token life. */
    async relogin() {
      this.token = (await login(t, u, host)).accessToken;
      return this.token;
    },
  };
}

/**
 * Env for a test app whose gateway will listen: a block of listener ports no other test process
 * holds (test/ports.ts).
 */
export function livePorts(size = 300): Record<string, string> {
  const block = claimPortBlock(suiteRange(size));
  return { GATEWAY_PORTS: `${block}-${block + size - 1}` };
}

/** Resolves once something accepts TCP connections on the port (a gateway listener is up). */
export async function waitForListening(port: number, host = '127.0.0.1'): Promise<void> {
  await waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const s = connect({ port, host });
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      }),
  );
}

export interface LiveStack {
  baseUrl: string;
  port: number;
  echo: { host: string; port: number; host6?: string };
  gateway: EmbeddedGateway;
  stop(): Promise<void>;
}

/**
 * The whole product on real sockets: the API listening on a free port, the checker's echo
 * service, and the embedded gateway following the API over the node protocol.
 */
export async function startLive(t: TestApp): Promise<LiveStack> {
  // As server.ts starts it: on 127.0.0.1 and, same port, on ::1 for IPv6 proxies.
  const echo = await startEcho('127.0.0.1', 0);
  t.ctx.echo = { host: echo.host, port: echo.port, ...(echo.host6 !== null ? { host6: echo.host6 } : {}) };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const gateway = await startEmbeddedGateway(t.ctx, port, t.app.metrics);
  if (!gateway) {
    throw new Error('no local node');
  }
  await waitFor(() => gateway.client.following);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    echo: t.ctx.echo,
    gateway,
    async stop() {
      await gateway.stop();
      await echo.close();
    },
  };
}

/** Polls a condition (for effects that cross processes or sockets), failing after `ms`. */
export async function waitFor(cond: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) {
      throw new Error('condition not met in time');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
