/**
 * Proxy bandwidth by minute, hour and day (docs/gateway-protocol.md#usage-history): supply records
 * each node report through `recordMinuteUsage` in the report's transaction (one upsert and one
 * `usage_reports` NOTIFY per batch), the usage-rollup job runs `rollUpUsage` (recompute and overwrite
 * per closed hour and day, then retention), `service.ts` reads the history with zeros filled,
 * `hub.ts` feeds the live streams, and routes.ts (registered by app.ts) serves both. It reads
 * `proxies` for ownership and imports no module.
 */
export { recordMinuteUsage } from './service.js';
export { rollUpUsage } from './rollup.js';
