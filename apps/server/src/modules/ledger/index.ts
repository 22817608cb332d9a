/** The ledger: the one way to change a balance, the ledger list and the audit. */
export { changeBalance, chargeBalance, listLedger, type BalanceResult, type Charge } from './service.js';
export { findLedgerMismatches } from './repository.js';
