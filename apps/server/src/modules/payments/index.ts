/**
 * Top-ups (docs/money.md). `credit.ts` holds `creditTopup`, the one function that credits (row
 * lock, amount/currency/payee check or hold, ledger rows with the promotion bonus and the agency
 * commission, `topup.success`). Every state change goes through `updateTopupFrom`, which changes a
 * row only from the status it was read in, so a decision on a stale read is a no-op. `bank.ts` is
 * the transfer code, the SePay webhook (deliveries of one id serialised by an advisory lock) and the
 * unmatched and held rules; `providers/` one adapter per provider behind one interface, with no
 * database access; `settings.ts` the per-site methods (secrets sealed with `APP_SECRET`);
 * `reconciler.ts` the sweep that asks providers about pending top-ups and expires stale ones.
 * Exported here: what the jobs and the audit use; the calls are its routes.
 */
export { reconcileTopups } from './reconciler.js';
export { findTopupMismatches } from './repository.js';
