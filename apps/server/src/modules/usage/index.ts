/**
 * Proxy bandwidth by minute, hour and day (docs/gateway-protocol.md#usage-history): supply records
 * each node report through `recordMinuteUsage` in the report's transaction, the usage-rollup job
 * runs `rollUpUsage`, and routes.ts (registered by app.ts) serves the history and the live stream.
 */
export { recordMinuteUsage } from './service.js';
export { rollUpUsage } from './rollup.js';
