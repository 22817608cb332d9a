import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from '../../../e2e/support/server.js';

/** The repository's root: the spawned server runs from there, as `npm start` does. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The server's bundle, built by test/global-setup.ts when stale: a spawned server starts on plain
 * node, as `npm start` runs it, not through tsx.
 */
export const serverBundle = path.join(repoRoot, 'apps/server/dist/server.js');
/** The standalone gateway node's bundle (`npm run gateway`), built alongside. */
export const gatewayBundle = path.join(repoRoot, 'apps/gateway/dist/gateway.js');

/** A port nobody listens on right now, on 127.0.0.1 (the e2e launcher's). */
export { freePort };

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  base: string;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the server printed so far (stdout and stderr). */
  log: () => string;
}

export interface SpawnOptions {
  /** The port to listen on (a free one when left out; a restart passes the same one again). */
  port?: number;
  /** Environment on top of the test's own and the defaults below. */
  env: Record<string, string>;
  /** Polled until it answers 200: /api/health (listening) or /api/health/ready (jobs, listener). */
  readyPath?: string;
  timeoutMs?: number;
}

/**
 * The real server (its bundle of apps/server/src/server.ts) as a child process, for the tests that kill,
 * restart or signal it (crash, job crash, shutdown): waits until `readyPath` answers 200, and
 * fails with the server's output when it exits or does not get there in time.
 */
export async function spawnServer(options: SpawnOptions): Promise<SpawnedServer> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverBundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      GATEWAY: 'off',
      LOG_LEVEL: 'error',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A net for a hang: a PGlite server starting at a low priority beside CI's other jobs took over a
  // minute on a slow 2-core machine.
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}): ${out}`);
    }
    const ready = await fetch(`${base}${options.readyPath ?? '/api/health'}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) {
      return { child, port, base, exited, log: () => out };
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * With DATABASE_URL set, a new PostgreSQL database for a spawned server (its URL and how to drop
 * it); without it, undefined: the server opens PGlite in its data directory.
 *
 * `migrated`: a copy of the run's migrated template (test/global-setup.ts) instead of an empty
 * database, for the tests that are not about a first start. The server still runs its migrations
 * (none left to apply) and seeds the empty database; the start banner test keeps migrating an
 * empty one.
 */
export async function scratchPostgres(
  prefix: string,
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const root = process.env.DATABASE_URL;
  if (!root) {
    return undefined;
  }
  const template = opts.migrated ? inject('postgresTemplate') : null;
  if (opts.migrated && !template) {
    throw new Error('no migrated PostgreSQL template: is test/global-setup.ts the global setup?');
  }
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const run = async (query: string) => {
    const c = new pg.Client({ connectionString: root });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const u = new URL(root);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Without DATABASE_URL: puts a copy of the run's migrated PGlite (test/global-setup.ts) where a
 * server started with this DATA_DIR opens its database, so its start skips the migrations (about
 * two thirds of a first start's CPU time on PGlite). It still seeds the empty database. With
 * DATABASE_URL set the server does not use the directory for its database: nothing to do.
 */
export function migratedDataDir(dataDir: string): void {
  if (process.env.DATABASE_URL) {
    return;
  }
  const template = inject('pgliteDataDir');
  if (!template) {
    throw new Error('no migrated PGlite data directory: is test/global-setup.ts the global setup?');
  }
  mkdirSync(dataDir, { recursive: true });
  cpSync(template, path.join(dataDir, 'db'), { recursive: true });
}

/** JSON calls to a spawned server: the parsed answer, or an error naming the call and its status. */
export function jsonApi(base: string) {
  return async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (!res.ok) {
      throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    }
    return json;
  };
}
