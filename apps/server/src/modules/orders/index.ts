/**
 * Orders and the proxies and keys they hold. The purchases (`buy-retail.ts`, `buy-package.ts`,
 * `buy-keys.ts`) run on `purchase.ts`, which buying and amending share, once per Idempotency-Key
 * (`idempotency.ts`); `renew-orders.ts` renews (the calls and the auto-renew job) and
 * `set-auto-renew.ts` keeps the per-item auto-renew flags; `refreshOrders` derives an order's status
 * and expiry from its items; `amend.ts` grows or moves a retail order in use, priced by the
 * contract's `prorate`, in a savepoint so a short balance or pool leaves a failed log line and
 * nothing else. Lock order, so no two transactions wait on each other: orders first in id order
 * (`lockOrders`, `lockOrderIds`), then keys before their listener proxies, then the user row.
 * Exported here: what proxies needs to change items of an order, the account's auto-renew switch
 * (user) and what the auto-renew and lifecycle jobs run.
 */
export { toKey, toProxy, proxyLine, type KeyRow, type OrderRow, type ProxyRow } from './mapper.js';
export {
  extendProxiesAndKeys,
  insertLog,
  liveProxiesAndKeys,
  lockOrderIds,
  lockOrdersOfProxiesOrKeys,
  refreshOrders,
  syncOrderAutoRenew,
  updateOrder,
  type ProxiesAndKeys,
} from './queries.js';
export {
  findAutoRenewCandidates,
  lockOrderSkipLocked,
  logProxyRenewals,
  prolongSupplied,
  quoteRenewal,
  renewOrderTx,
} from './renew-orders.js';
export { setPrivateAutoRenew } from './set-auto-renew.js';
export { logNotes } from './log-notes.js';
