/**
 * The ledger audit of `npm run audit:ledger` (docs/money.md#ledger), shared by the CLIs that must
 * prove a database intact after copying it (db:move, db:restore).
 */
import type { Db } from '../db/client.js';
import { findCommissionMismatches } from '../modules/agency/index.js';
import { findLedgerMismatches } from '../modules/ledger/index.js';
import { findTopupMismatches } from '../modules/payments/index.js';

export interface LedgerAudit {
  ok: boolean;
  /** What the audit found, one line each, ending with the summary line. */
  lines: string[];
}

export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const bad = await findLedgerMismatches(db);
  const topups = await findTopupMismatches(db);
  const commissions = await findCommissionMismatches(db);
  if (bad.length === 0 && topups.length === 0 && commissions.length === 0) {
    return {
      ok: true,
      lines: [
        'ledger audit: ok (every balance equals the sum of its transactions; every top-up and agency commission credited exactly once)',
      ],
    };
  }
  return {
    ok: false,
    lines: [
      ...bad.map((b) => `MISMATCH ${b.email} (${b.id}): balance ${b.balance}, ledger sum ${b.sum}`),
      ...topups.map(
        (t) =>
          `TOP-UP ${t.id}: amount ${t.amount} + bonus ${t.bonus}, credited ${t.credited} + ${t.promoted} in ${t.rows} row(s)`,
      ),
      ...commissions.map(
        (c) => `COMMISSION of top-up ${c.topupId}: due ${c.commission}, paid ${c.paid} in ${c.rows} row(s)`,
      ),
      `ledger audit: ${bad.length} mismatched user(s), ${topups.length} mismatched top-up(s), ${commissions.length} mismatched commission(s)`,
    ],
  };
}
