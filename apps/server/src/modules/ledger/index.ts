/**
 * The ledger (docs/money.md): `changeBalance` is the only code that changes a balance, as one
 * statement in the caller's transaction: a conditional update (`balance + amount >= 0`), one
 * `transactions` row and the `balance.changed` NOTIFY. `chargeBalance` is the guard for purchases:
 * it charges only a positive amount. A row's `content` is English; `content_i18n` holds the same as
 * a translation key and parameters, which the web renders in the reader's language. Also the ledger
 * list, the audit of balances against their rows, and a user's sum of some types (the dashboard).
 */
export { changeBalance, chargeBalance, type BalanceResult, type Charge } from './change-balance.js';
export { listLedger } from './list-ledger.js';
export { findLedgerMismatches } from './audit-ledger.js';
export { balanceOf } from './queries.js';
export { ledgerSum } from './ledger-sum.js';
