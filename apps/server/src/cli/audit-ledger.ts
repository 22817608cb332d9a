/**
 * npm run audit:ledger — checks, for every user, that balance = sum of ledger amounts
 * (docs/money.md#ledger), and that every successful top-up was credited exactly once (its amount
 * and its promotion bonus, one ledger row each) and no other top-up was credited at all, and that
 * every agency commission was paid exactly once (docs/money.md#agency).
 * Exits 1 and lists what is wrong.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { findCommissionMismatches } from '../modules/agency/index.js';
import { findLedgerMismatches } from '../modules/ledger/index.js';
import { findTopupMismatches } from '../modules/payments/index.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const bad = await findLedgerMismatches(database.db);
  const topups = await findTopupMismatches(database.db);
  const commissions = await findCommissionMismatches(database.db);
  if (bad.length === 0 && topups.length === 0 && commissions.length === 0) {
    process.stdout.write(
      'ledger audit: ok (every balance equals the sum of its transactions; every top-up and agency commission credited exactly once)\n',
    );
  } else {
    for (const b of bad) {
      process.stdout.write(`MISMATCH ${b.email} (${b.id}): balance ${b.balance}, ledger sum ${b.sum}\n`);
    }
    for (const t of topups) {
      process.stdout.write(
        `TOP-UP ${t.id}: amount ${t.amount} + bonus ${t.bonus}, credited ${t.credited} + ${t.promoted} in ${t.rows} row(s)\n`,
      );
    }
    for (const c of commissions) {
      process.stdout.write(
        `COMMISSION of top-up ${c.topupId}: due ${c.commission}, paid ${c.paid} in ${c.rows} row(s)\n`,
      );
    }
    process.stdout.write(
      `ledger audit: ${bad.length} mismatched user(s), ${topups.length} mismatched top-up(s), ${commissions.length} mismatched commission(s)\n`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
