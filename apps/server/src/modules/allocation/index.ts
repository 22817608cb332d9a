/**
 * Allocation: the listener ports and egress addresses a proxy holds (`allocator.ts`, claimed with
 * `FOR UPDATE SKIP LOCKED`). `repository/` holds its statements: `pools.ts` (egress pools, port and
 * address claims), `jobs.ts` (the lifecycle and rotation sweeps, in the orders module's lock
 * order), `node-supply.ts` (a node's ports and addresses, as the node admin edits them) and
 * `stock.ts` (what each country could serve, which the catalogue shows). Exported here: the
 * allocator, the sweeps' statements, the egress holds other modules change in their own
 * transaction, the node admin's statements and the stock.
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
export { countStockByCountry } from './repository/stock.js';
export {
  claimDueRotations,
  expireDueKeys,
  expireDueProxies,
  findDueItemOrderIds,
  lifecycleDue,
  listPendingRotations,
  lockClaimedRotation,
  lockDueKeys,
  lockDueProxies,
  setIpChangeStatus,
} from './repository/jobs.js';
