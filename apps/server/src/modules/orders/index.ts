/**
 * Orders and the proxies and keys they hold. `buy.ts` (retail, packages, keys) and `buy-package.ts`
 * run on `purchase.ts`, which buying and amending share (the Idempotency-Key included); `renew.ts`
 * renews and keeps the per-item auto-renew flags, and `refreshOrders` derives an order's status and
 * expiry from its items; `amend.ts` grows or moves a retail order in use, priced by the contract's
 * `prorate`, in a savepoint so a short balance or pool leaves a failed log line and nothing else.
 * Lock order, so no two transactions wait on each other: orders first in id order
 * (`lockOrders`, `lockOrderIds`), then keys before their listener proxies, then the user row.
 * Exported here: what proxies needs to change items of an order, the account's auto-renew switch
 * (user) and what the auto-renew and lifecycle jobs run.
 */
export { toKey, toProxy, proxyLine, type KeyRow, type OrderRow, type ProxyRow } from './mapper.js';
export {
  extendProxiesAndKeys,
  lockOrdersOfProxiesOrKeys,
  logProxyRenewals,
  refreshOrders,
  setPrivateAutoRenew,
  syncOrderAutoRenew,
  liveProxiesAndKeys,
  renewOrderTx,
  prolongSupplied,
  renewUpstreamFirst,
  quoteRenewal,
  type ProxiesAndKeys,
} from './renew.js';
export { logNotes } from './log-notes.js';
export { findAutoRenewCandidates, insertLog, lockOrderIds, lockOrderSkipLocked, updateOrder } from './repository.js';
