/**
 * Proxy bandwidth by minute, hour and day (docs/gateway-protocol.md#usage-history): supply records
 * each node report through `recordMinuteUsage` in the report's transaction (one upsert and one
 * `usage_reports` NOTIFY per batch, `record-usage.ts`), the usage-rollup job runs `rollUpUsage`
 * (`rollup.ts`: recompute and overwrite per closed hour and day, then retention),
 * `proxy-history.ts` reads the history with zeros filled, and `live-usage.ts` feeds the live
 * streams; routes.ts (registered by app.ts) serves both. It reads `proxies` for ownership and
 * imports no module.
 */
export { recordMinuteUsage } from './record-usage.js';
export { rollUpUsage } from './rollup.js';
