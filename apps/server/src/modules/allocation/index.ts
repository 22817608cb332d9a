/**
 * Allocation: the listener ports and egress addresses a proxy holds (`allocator.ts`, claimed with
 * `FOR UPDATE SKIP LOCKED`). `repository/` holds its statements: `pools.ts` (egress pools, port and
 * address claims), `jobs.ts` (the lifecycle and rotation sweeps, in the orders module's lock
 * order) and `node-supply.ts` (a node's ports and addresses, as the node admin edits them).
 * Exported here: the allocator, the sweeps' statements, the egress holds other modules change in
 * their own transaction, and the node admin's statements.
 */
export {
  allocateChainedPlacements,
  allocatePlacements,
  bindPlacements,
  claimEgress,
  expandIpv6,
  newCredentials,
  nextEgress,
  randomCredential,
  releasePlacements,
  type Placement,
} from './allocator.js';
export {
  countFreePortsByNode,
  countHeldPortsOutside,
  deleteFreeEgress,
  listEgressGroups,
  listNodeEgressIps,
  resizeNodePorts,
  type EgressGroupRow,
} from './repository/node-supply.js';
export { holdEgressIps, releaseEgressIps, swapEgressHolder } from './repository/pools.js';
export {
  claimDueRotations,
  expireDueKeys,
  expireDueProxies,
  findDueUnitOrderIds,
  lifecycleDue,
  listPendingRotations,
  lockClaimedRotation,
  lockDueKeys,
  lockDueProxies,
  setIpChangeStatus,
} from './repository/jobs.js';
