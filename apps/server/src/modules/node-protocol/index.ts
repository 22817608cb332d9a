/**
 * The node protocol: what gateway nodes call (`node-routes.ts`, `node-service.ts`: state, the SSE
 * change stream, traffic reports; docs/gateway-protocol.md). `repository/` holds its statements:
 * `credentials.ts` (a node's secret and last-seen time) and `events.ts` (the `proxy_events` log and
 * NOTIFY that nodes follow, written by `recordProxyChanges`, and the traffic counters). Exported
 * here: the change log every module that changes a proxy writes, and the embedded node's lookup.
 */
export { localNodeId } from './node-service.js';
export { PROXY_CHANGES_CHANNEL, purgeOldNodeEvents, recordProxyChanges } from './repository/index.js';
