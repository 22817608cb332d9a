/**
 * The node protocol: what gateway nodes call (docs/gateway-protocol.md), one file per call:
 * `node-state.ts` (the full state), `changes.ts` (the SSE change stream), `traffic.ts` (traffic
 * reports); `queries.ts` holds what they share (node authentication, the gateway's view of a proxy,
 * and `recordProxyChanges`, the `proxy_events` log and NOTIFY that nodes follow).
 * Exported here: the change log every module that changes a proxy writes, its purge, and the
 * embedded node's lookup.
 */
export { localNodeId } from './local-node.js';
export { purgeOldNodeEvents } from './purge-events.js';
export { PROXY_CHANGES_CHANNEL, recordProxyChanges } from './queries.js';
