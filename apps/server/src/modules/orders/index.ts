/**
 * What other modules use of the orders module: the proxies module changes units that belong to
 * orders, so it locks their orders first, extends and logs through here, and lets the orders
 * follow (status, expiry, auto-renew switch).
 */
export { toKey, toProxy, proxyLine, type KeyRow, type OrderRow, type ProxyRow } from './mapper.js';
export {
  extendUnits,
  lockOrdersOfUnits,
  logProxyRenewals,
  refreshOrders,
  setPrivateAutoRenew,
  syncOrderAutoRenew,
} from './renew.js';
