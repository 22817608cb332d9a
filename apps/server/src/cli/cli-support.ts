/** What the db:* CLIs share: the PGlite directory of an install, and how they fail. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseEnv, type Env } from '../config.js';

export class CliError extends Error {}

/** The environment (DATA_DIR, DATABASE_URL, APP_SECRET…) without loadConfig's side effects. */
export function cliEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (err) {
    throw err instanceof ConfigError ? new CliError(err.message) : err;
  }
}

/** The PGlite directory the server opens for DATA_DIR (db/client.ts openDatabase). */
export function pgliteDir(dataDir: string): string {
  return path.resolve(dataDir, 'db');
}

export function hasPgliteDatabase(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * How to hand a PostgreSQL URL to pg_dump / pg_restore: the URL without its password on the command
 * line (which every local user can read in `ps`), the password in the child's PGPASSWORD.
 */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : u.searchParams.get('password');
  u.password = '';
  u.searchParams.delete('password');
  const env = { ...process.env };
  if (password) {
    env.PGPASSWORD = password;
  }
  return { dbname: u.toString(), env };
}

/** A PostgreSQL URL with its password hidden, for printing. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) {
      u.password = '***';
    }
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Runs a CLI's main: a CliError prints its message and exits 1, anything else its stack. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    if (err instanceof CliError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    }
    process.exit(1);
  });
}
