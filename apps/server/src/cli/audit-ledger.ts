/**
 * npm run audit:ledger — checks, for every user, that balance = sum of ledger amounts
 * (DESIGN.md "Money"). Exits 1 and lists the users on a mismatch.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { findLedgerMismatches } from '../modules/ledger/repository.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const bad = await findLedgerMismatches(database.db);
  if (bad.length === 0) {
    process.stdout.write('ledger audit: ok (every balance equals the sum of its transactions)\n');
  } else {
    for (const b of bad) {
      process.stdout.write(`MISMATCH ${b.email} (${b.id}): balance ${b.balance}, ledger sum ${b.sum}\n`);
    }
    process.stdout.write(`ledger audit: ${bad.length} mismatched user(s)\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
