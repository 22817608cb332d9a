/**
 * Suppliers (docs/suppliers.md): upstream providers a site resells on its own
 * gateway — Proxy6 bought on demand, a Webshare pool, a pasted list. Admin calls, routes per
 * product and country, the purchase intent that buys upstream after the customer paid (exactly
 * once, refunded once when no source delivers), renewals upstream first, health replacement, and
 * margin. Other modules reach it only through this file.
 */
export { bindUpstreams, planSupply, recordIntent } from './plan-supply.js';
export { processPurchase } from './buy-upstream.js';
export { awaitDelivery, noSupplyWork, runDuePurchases } from './run-purchases.js';
export type { SupplyPlan } from './plan-supply.js';
export { routedStock } from './routed-stock.js';
export { checkUpstreams } from './health.js';
export { sendSupplierAlerts, type EmitAdminAlert, type SupplierAlert } from './admin-alerts.js';
export { prolongUpstreams, upstreamFirst } from './renew-upstream.js';
export { reconcileRenewals } from './reconcile-renewals.js';
export { supplierLeaseMs } from './queries.js';
