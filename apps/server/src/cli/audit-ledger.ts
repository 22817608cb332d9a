/**
 * npm run audit:ledger — checks, for every user, that balance = sum of ledger amounts
 * (docs/money.md#ledger), and that every successful top-up was credited exactly once (its amount
 * and its promotion bonus, one ledger row each) and no other top-up was credited at all, and that
 * every agency commission was paid exactly once (docs/money.md#agency).
 * Exits 1 and lists what is wrong. On PGlite while the server runs, it audits a live dump the
 * server hands over (docs/operations.md#backups), since the directory must not be opened twice.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase, openPglite, type Database } from '../db/client.js';
import { dumpFromOwner } from '../db/data-dir-owner.js';
import { auditLedger } from './ledger-audit.js';

async function open(): Promise<Database> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const live = await dumpFromOwner(path.join(config.DATA_DIR, 'db'));
    if (live) {
      process.stdout.write('the server is running: auditing a copy it made just now\n');
      return openPglite(null, new Blob([live], { type: 'application/x-gzip' }));
    }
  }
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.DATA_DIR,
  });
}

const database = await open();
try {
  await database.migrate();
  const audit = await auditLedger(database.db);
  process.stdout.write(`${audit.lines.join('\n')}\n`);
  if (!audit.ok) {
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
