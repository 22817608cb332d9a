/**
 * The supply: ports and egress addresses (allocator), the change log nodes follow, the node list
 * the checker refuses, and the statements the lifecycle and rotation sweeps run (jobs/), in the
 * lock order they document. The node protocol and node admin are its routes (node-routes.ts,
 * admin-routes.ts, registered by app.ts).
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
