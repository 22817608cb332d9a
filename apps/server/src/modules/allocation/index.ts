/**
 * Allocation: the listener ports and egress addresses a proxy holds (`allocator.ts`, claimed with
 * `FOR UPDATE SKIP LOCKED`, its statements and the egress holds other modules change in
 * `queries.ts`), the statements of the lifecycle and rotation sweeps (`sweeps.ts`, in the orders
 * module's lock order), a node's ports and addresses as the node admin edits them
 * (`node-supply.ts`) and what each country could serve, which the catalogue shows (`stock.ts`). Exported here: the
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
} from './node-supply.js';
export { holdEgressIps, releaseEgressIps, swapEgressHolder } from './queries.js';
export { countStockByCountry } from './stock.js';
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
  nothingDue,
  setIpChangeStatus,
} from './sweeps.js';
