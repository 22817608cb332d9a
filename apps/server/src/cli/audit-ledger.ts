/**
 * npm run audit:ledger — checks, for every user, that balance = sum of ledger amounts
 * (docs/money.md#ledger), and that every successful top-up was credited exactly once (its amount
 * and its promotion bonus, one ledger row each) and no other top-up was credited at all, and that
 * every agency commission was paid exactly once (docs/money.md#agency).
 * Exits 1 and lists what is wrong.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { auditLedger } from './ledger-audit.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
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
