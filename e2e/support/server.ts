// Starts the real product (apps/server, which also serves apps/web/dist) as a child process on a
// free port with its own fresh data directory, the way a user runs it (`npm start`: the esbuild
// bundle on plain node). Also used by scripts/bench-api.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN_EMAIL = 'owner@e2e.test';
export const ADMIN_PASSWORD = 'Owner-pass-123';

export interface ServerOptions {
  /** PostgreSQL instead of a fresh PGlite directory. */
  databaseUrl?: string;
  smtpUrl?: string;
  /** Extra or overriding environment, e.g. { DEMO: '0' }. */
  env?: Record<string, string>;
  /** Extra Node options for the server process, e.g. ['--cpu-prof'] (not all are allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
  startTimeoutMs?: number;
  /** Another checkout to run instead of this one (a benchmark's baseline tree); built if stale. */
  root?: string;
  /**
   * A stopped server's state to start from (a copy of it), instead of creating, migrating and
   * seeding a database: that is about half of a start's CPU time.
   */
  template?: ServerTemplate;
}

/**
 * What a first start left behind (seedTemplate): its data directory (on PGlite the database, and
 * the generated app secret that the seeded rows were derived from) and, on PostgreSQL, its database.
 */
export interface ServerTemplate {
  dataDir: string;
  database: string | null;
}

/**
 * E2E_DATABASE_URL (CI sets it to its PostgreSQL): the servers the specs do not give a database of
 * their own (a DATABASE_URL or a DATA_DIR) run on a fresh database there, created from the run's
 * template database and dropped when they stop, instead of on PGlite in their data directory.
 * PGlite runs its queries inside the server process, at several times PostgreSQL's CPU per query;
 * the embedded start itself is tested where it is under test (the specs that set DATA_DIR, the
 * server suite's PGlite projects), and the product's answers do not depend on the database.
 */
const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL || null;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL ?? undefined });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database on E2E_DATABASE_URL's server, a copy of `template` if given. */
async function scratchDatabase(
  template: string | null,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `e2e_${randomBytes(8).toString('hex')}`;
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(E2E_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/**
 * The run's template: a server started once on an empty database (it migrates and seeds), then
 * stopped, so that its PGlite directory is closed cleanly and can be copied, or its PostgreSQL
 * database has no connection left and can be a `create database … template`.
 */
export async function seedTemplate(
  startTimeoutMs: number,
): Promise<{ template: ServerTemplate; remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'proxy-panel-e2e-template-'));
  const database = E2E_DATABASE_URL ? await scratchDatabase(null) : null;
  const remove = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    const server = await startServer({
      env: { DATA_DIR: dataDir },
      ...(database ? { databaseUrl: database.url } : {}),
      startTimeoutMs,
    });
    await server.stop();
  } catch (err) {
    await remove();
    throw err;
  }
  return { template: { dataDir, database: database?.name ?? null }, remove };
}

export interface RunningServer {
  port: number;
  /** The server process, e.g. for a benchmark's CPU accounting. */
  pid: number;
  /** http://127.0.0.1:PORT, which the default site answers. */
  baseUrl: string;
  /** The same server under another Host, e.g. urlFor('proxy-owner.localhost'). */
  urlFor(host: string): string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string | null;
  /**
   * Headers every request of the spec sends to this server (api() and the spec's pages): on a server
   * shared by several files, the file's own client address (support/shared-server.ts).
   */
  headers?: Record<string, string>;
  /** The last lines the server printed, for failure messages. */
  logTail(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps the last `max` lines of output so a failed start can say why. */
function tailBuffer(max: number) {
  const lines: string[] = [];
  return {
    push(chunk: Buffer) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (lines.length > max) {
        lines.splice(0, lines.length - max);
      }
    },
    text: () => lines.join('\n'),
  };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${log()}`);
    }
    try {
      // Readiness, as a load balancer asks it (deploy/haproxy/haproxy.cfg): database, migrations
      // and listener, from the built server the specs run.
      const res = await fetch(`${baseUrl}/api/health/ready`);
      const body = (await res.json()) as { status?: string };
      // Another process may hold the port (a parallel spec's server given the same free port):
      // its answer counts only once our own child has announced that it listens.
      if (res.ok && body.status === 'ready' && log().includes('"msg":"ready"')) {
        return;
      }
      last = `${res.status} ${JSON.stringify(body)}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    // Polling interval while the server migrates and seeds; there is no event to wait on from outside.
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms (last: ${last}):\n${log()}`);
}

const bundleChecked = new Set<string>();

/**
 * Builds apps/server/dist when it is missing or older than the sources (scripts/build.mjs), once
 * per process: the server then starts on plain node, as `npm start` runs it, instead of compiling
 * every module through tsx at each start (about a quarter of a start's CPU time).
 */
function ensureServerBundle(root: string): void {
  if (bundleChecked.has(root)) {
    return;
  }
  const build = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "await (await import('./scripts/build.mjs')).buildIfNeeded('server');"],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) {
    throw new Error('building the server bundle failed; see the output above');
  }
  bundleChecked.add(root);
}

/** Attempts at a start whose free port was taken before the server bound it. */
const PORT_ATTEMPTS = 3;

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  ensureServerBundle(options.root ?? repoRoot);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options, await freePort());
    } catch (err) {
      // freePort's probe closes before the server binds, so a parallel spec may take the port.
      if (attempt >= PORT_ATTEMPTS || !(err instanceof Error && err.message.includes('EADDRINUSE'))) {
        throw err;
      }
    }
  }
}

async function startOnce(options: ServerOptions, port: number): Promise<RunningServer> {
  const ownsDatabase = Boolean(options.databaseUrl || options.env?.DATA_DIR || options.env?.DATABASE_URL);
  const database = E2E_DATABASE_URL && !ownsDatabase ? await scratchDatabase(options.template?.database ?? null) : null;
  const dataDir = options.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'proxy-panel-e2e-'));
  if (dataDir && options.template) {
    cpSync(options.template.dataDir, dataDir, { recursive: true });
  }
  const databaseUrl = options.databaseUrl ?? database?.url;
  // Never inherit a developer's DATABASE_URL: each run must start from an empty database.
  const { DATABASE_URL: _inherited, SMTP_URL: _smtp, ...parentEnv } = process.env;
  const env: Record<string, string | undefined> = {
    ...parentEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    // The white-label specs need the demo's proxy-owner site, whatever the developer's shell says.
    DEMO: '1',
    // Lets the specs move the server clock (POST /api/test/clock) instead of waiting for expiry.
    TEST_CLOCK: '1',
    // The e2e server's gateway is not under test here and must not take ports from parallel runs.
    GATEWAY: 'off',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // Several spec servers and the unit suite share CI's PostgreSQL (max_connections 100); a spec
    // never has more than a few requests in flight.
    ...(database ? { DATABASE_POOL_SIZE: '4' } : {}),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  };

  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--enable-source-maps', 'apps/server/dist/server.js'],
    {
      cwd: options.root ?? repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const tail = tailBuffer(60);
  const echo = process.env.E2E_SERVER_LOG === '1';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      tail.push(chunk);
      if (echo) {
        process.stderr.write(chunk);
      }
    });
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // The server force-exits after 10 s itself; SIGKILL is the backstop if it hangs anyway.
      const killer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (dataDir) {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  };

  try {
    // Two spec files start their servers side by side while the CI machine also runs the unit
    // suites: a start that takes a few seconds alone may take a minute there.
    await waitForHealth(
      baseUrl,
      child,
      options.startTimeoutMs ?? Number(process.env.E2E_START_TIMEOUT_MS ?? 120_000),
      tail.text,
    );
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    port,
    pid: child.pid ?? 0,
    baseUrl,
    urlFor: (host) => `http://${host}:${port}`,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    dataDir,
    logTail: tail.text,
    stop,
  };
}
