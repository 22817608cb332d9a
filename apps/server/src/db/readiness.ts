import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { serverRoot } from '../paths.js';
import { queryRows, type Db } from './client.js';

// From serverRoot, not from this module: in the built server this code is part of dist/server.js,
// one level nearer the root than src/db/ (the journal was not found and readiness said 503).
const journal = path.join(serverRoot, 'drizzle/meta/_journal.json');
let expected: number | null = null;

/** How many committed migrations the code ships (drizzle's journal), read once. */
function shippedMigrations(): number {
  if (expected === null) {
    const parsed = JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] };
    expected = parsed.entries.length;
  }
  return expected;
}

/**
 * Migrations the code ships that the database has not applied (readiness: an instance of a newer
 * release must not take traffic before `migrate` ran). Throws when the database cannot be asked.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Math.max(0, shippedMigrations() - Number(rows[0]?.n ?? 0));
}
