/**
 * Top-ups (docs/money.md), one file per use case: `create-topup.ts`, `settle-topup.ts` (the payer's
 * complete, check and cancel), `provider-webhook.ts`, `receive-transfer.ts` (the bank webhook and
 * the simulator's transfers), `admin-topups.ts`, `list-topups.ts`, `get-bill.ts`, and
 * `reconciler.ts`, the sweep that asks providers about pending top-ups and expires stale ones.
 * `credit.ts` holds `creditTopup`, the one function that credits (row lock, amount/currency/payee
 * check or hold, ledger rows with the promotion bonus and the agency commission, `topup.success`).
 * Every state change goes through `updateTopupFrom` (`queries.ts`), which changes a row only from
 * the status it was read in, so a decision on a stale read is a no-op. `providers/` holds one
 * adapter per provider behind one interface, with no database access; `settings.ts` the per-site
 * methods (secrets sealed with `APP_SECRET`). Exported here: what the jobs and the audit use.
 */
export { reconcileTopups } from './reconciler.js';
export { findTopupMismatches } from './topup-mismatches.js';
