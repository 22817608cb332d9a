/**
 * npm run db:restore -- FILE — restores a db:backup (docs/operations.md#backups), then runs the
 * ledger audit on the result. PGlite (no DATABASE_URL): the server must be stopped; the current
 * data directory is kept beside it as db.before-restore-<time>. PostgreSQL (DATABASE_URL set): the
 * database must be empty; pg_restore loads the pg_dump file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { dataDirOwnerPid } from '../db/data-dir-owner.js';
import { countUserRelations } from '../db/move.js';
import { CliError, cliEnv, hasPgliteDatabase, libpqTarget, maskUrl, pgliteDir, runCli } from './cli-support.js';
import { auditLedger } from './ledger-audit.js';

const USAGE = 'usage: npm run db:restore -- FILE [--data-dir DIR]';

async function restorePglite(file: string, dir: string): Promise<Database> {
  const pid = await dataDirOwnerPid(dir);
  if (pid !== null) {
    throw new CliError(`${dir} is open in process ${pid}: stop the server first`);
  }
  if (existsSync(dir)) {
    const aside = `${dir}.before-restore-${Date.now()}`;
    if (hasPgliteDatabase(dir)) {
      process.stdout.write(`the current database is kept in ${aside}\n`);
    }
    renameSync(dir, aside);
  }
  const data = readFileSync(file);
  return openPglite(dir, new Blob([data], { type: 'application/x-gzip' }));
}

async function restorePostgres(file: string, url: string): Promise<Database> {
  const database = await openPostgres(url, 2);
  try {
    const existing = await countUserRelations(database.db);
    if (existing > 0) {
      throw new CliError(`${maskUrl(url)} is not empty (${existing} relations): restore into an empty database`);
    }
    const { dbname, env } = libpqTarget(url);
    const res = spawnSync(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', dbname, file],
      {
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (res.error) {
      throw new CliError(`could not run pg_restore (${res.error.message}); install the PostgreSQL client tools`);
    }
    if (res.status !== 0) {
      throw new CliError(`pg_restore failed (exit ${res.status})`);
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  }
  const file = parsed.positionals[0];
  if (!file || parsed.positionals.length > 1) {
    throw new CliError(USAGE);
  }
  if (!existsSync(file)) {
    throw new CliError(`${file} does not exist`);
  }
  const env = cliEnv();
  const database = env.DATABASE_URL
    ? await restorePostgres(path.resolve(file), env.DATABASE_URL)
    : await restorePglite(path.resolve(file), pgliteDir(parsed.values['data-dir'] ?? env.DATA_DIR));
  try {
    // A backup of an older version gets the newer migrations, as the server would apply at start.
    await database.migrate();
    const audit = await auditLedger(database.db);
    process.stdout.write(`restored ${file}\n${audit.lines.join('\n')}\n`);
    if (!audit.ok) {
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

runCli(main);
