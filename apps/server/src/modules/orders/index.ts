/**
 * What other modules use of the orders module: the proxies module changes units that belong to
 * orders, so it locks their orders first, extends and logs through here, and lets the orders
 * follow (status, expiry, auto-renew switch); the user module sets the account's auto-renew switch;
 * the auto-renew and lifecycle jobs renew and refresh orders.
 */
export { toKey, toProxy, proxyLine, type KeyRow, type OrderRow, type ProxyRow } from './mapper.js';
export {
  extendUnits,
  lockOrdersOfUnits,
  logProxyRenewals,
  refreshOrders,
  setPrivateAutoRenew,
  syncOrderAutoRenew,
  liveUnits,
  renewOrderTx,
  quoteRenewal,
  type Units,
} from './renew.js';
export { logNotes } from './log-notes.js';
export {
  findAutoRenewCandidates,
  findUserEmail,
  insertLog,
  lockOrderIds,
  lockOrderSkipLocked,
  updateOrder,
} from './repository.js';
