/**
 * The supply: ports and egress addresses (`allocator.ts`, claimed with `FOR UPDATE SKIP LOCKED`),
 * the node protocol (`node-service.ts`, `node-routes.ts`: state, the SSE change stream, traffic
 * reports; docs/gateway-protocol.md) and the owner's node admin (`admin-routes.ts`). `repository/`
 * holds its statements: `nodes.ts`, `pools.ts` (egress pools, port and address claims), `events.ts`
 * (the `proxy_events` log and NOTIFY that nodes follow, written by `recordProxyChanges`) and
 * `jobs.ts` (the lifecycle and rotation sweeps, in the orders module's lock order). Exported here:
 * the allocator, the change log, the node list the checker refuses, and the sweeps' statements.
 */
export {
  allocateChainedSlots,
  allocateSlots,
  bindSlots,
  claimEgress,
  newCredentials,
  nextEgress,
  randomCredential,
  releaseSlots,
  type Slot,
} from './allocator.js';
export { localNodeId } from './node-service.js';
export {
  claimDueRotations,
  expireDueKeys,
  expireDueProxies,
  findDueUnitOrderIds,
  lifecycleDue,
  listNodePortRanges,
  listPendingRotations,
  lockClaimedRotation,
  lockDueKeys,
  lockDueProxies,
  purgeOldNodeEvents,
  recordProxyChanges,
  setIpChangeStatus,
} from './repository/index.js';
export { PROXY_CHANGES_CHANNEL } from './repository/events.js';
