/**
 * npm run db:backup -- [--out FILE] — a consistent backup (docs/operations.md#backups).
 * PGlite (no DATABASE_URL): a gzip'd tarball of the whole data directory. While the server runs,
 * the server takes it itself, asked through its data directory's socket (db/data-dir-owner.ts), so
 * the copy is consistent and the directory is never opened twice; when stopped, this process opens it.
 * PostgreSQL (DATABASE_URL set): pg_dump's custom format, for pg_restore.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite } from '../db/client.js';
import { dumpFromOwner } from '../db/data-dir-owner.js';
import { CliError, cliEnv, hasPgliteDatabase, libpqTarget, maskUrl, pgliteDir, runCli } from './cli-support.js';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

async function pgliteBackup(dir: string): Promise<{ data: Buffer; how: string }> {
  const live = await dumpFromOwner(dir);
  if (live) {
    return { data: live, how: 'taken by the running server' };
  }
  const database = await openPglite(dir);
  try {
    if (!database.dump) {
      throw new Error('PGlite has no dump');
    }
    return { data: await database.dump(), how: 'the server is stopped; taken directly' };
  } finally {
    await database.close();
  }
}

function postgresBackup(url: string, out: string): void {
  // Created owner-only before pg_dump opens it (it keeps an existing file's mode), and set again after.
  writeFileSync(out, '', { mode: 0o600 });
  chmodSync(out, 0o600);
  const { dbname, env } = libpqTarget(url);
  const res = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', out, '--dbname', dbname], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  chmodSync(out, 0o600);
  if (res.error) {
    throw new CliError(`could not run pg_dump (${res.error.message}); install the PostgreSQL client tools`);
  }
  if (res.status !== 0) {
    throw new CliError(`pg_dump failed (exit ${res.status})`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } }, strict: true });
  const env = cliEnv();
  const url = env.DATABASE_URL;
  const out = path.resolve(
    values.out ?? path.join('backups', url ? `postgres-${stamp()}.dump` : `pglite-${stamp()}.tar.gz`),
  );
  mkdirSync(path.dirname(out), { recursive: true });
  // Written beside the target and renamed, so a failed backup never looks like a good one.
  const partial = `${out}.partial`;
  let how: string;
  if (url) {
    postgresBackup(url, partial);
    how = `pg_dump of ${maskUrl(url)}`;
  } else {
    const dir = pgliteDir(values['data-dir'] ?? env.DATA_DIR);
    if (!hasPgliteDatabase(dir)) {
      throw new CliError(`no PGlite database in ${dir} (set DATA_DIR or --data-dir)`);
    }
    const backup = await pgliteBackup(dir);
    writeFileSync(partial, backup.data, { mode: 0o600 });
    chmodSync(partial, 0o600);
    how = `PGlite ${dir}, ${backup.how}`;
  }
  renameSync(partial, out);
  process.stdout.write(`backup written: ${out} (${statSync(out).size} bytes; ${how})\n`);
  process.stdout.write(`restore it with: npm run db:restore -- ${out}\n`);
}

runCli(main);
