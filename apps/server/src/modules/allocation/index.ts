/**
 * Allocation: the listener ports and egress addresses a proxy holds (`allocator.ts`, claimed with
 * `FOR UPDATE SKIP LOCKED`). `repository/` holds its statements: `pools.ts` (egress pools, port and
 * address claims) and `jobs.ts` (the lifecycle and rotation sweeps, in the orders module's lock
 * order). Exported here: the allocator and the sweeps' statements.
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
