import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump, openPostgres } from '../src/db/client.js';

// The provided keys (`ProvidedContext`) are declared in ./helper.ts.

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Builds the server and gateway bundles when they are missing or older than their sources
 * (scripts/build.mjs, a no-op after `npm run build`), here in the main process so that parallel
 * workers never build into one directory at once: the tests that spawn a real server or gateway
 * node run it on plain node, as `npm start` does, instead of compiling every module through tsx
 * at each start (about a third of a start's CPU time).
 */
function buildBundlesIfNeeded(root: string): void {
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const b = await import('./scripts/build.mjs'); await b.buildIfNeeded('server'); await b.buildIfNeeded('gateway');",
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) {
    throw new Error('building the server and gateway bundles failed; see the output above');
  }
}

/**
 * Migrates one template database for the whole run, so each test file copies it instead of
 * creating a cluster and running every migration again (on PGlite, most of a small file's time).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildBundlesIfNeeded(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'));
  // The project's own env first: the PGlite subset (vitest.config.ts) sets it empty in a run
  // whose DATABASE_URL points at PostgreSQL.
  const url = project.config.env?.DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'pp-template-'));
    const file = path.join(dir, 'pglite.tar');
    // Migrated on disk: the dump for the in-process databases, and the directory itself for the
    // spawned servers (test/spawn-server.ts, migratedDataDir).
    const dataDir = path.join(dir, 'db');
    const dump = await migratedPgliteDump(dataDir);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('pgliteDataDir', dataDir);
    project.provide('postgresTemplate', null);
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `t_template_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(url, `create database ${name}`);
  const database = await openPostgres(withDatabase(url, name), 2);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', null);
  project.provide('pgliteDataDir', null);
  project.provide('postgresTemplate', name);
  return async () => adminQuery(url, `drop database if exists ${name} with (force)`);
}
