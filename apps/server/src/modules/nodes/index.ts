/**
 * Node admin: what the owner calls to list, create and edit gateway nodes, rotate their secrets and
 * manage their egress addresses (`list-nodes.ts`, `save-node.ts`, `egress.ts`); a node's port rows
 * and egress addresses are allocation's, edited through it.
 * Exported here: the node list the checker refuses as a destination, the credential, last-seen
 * and secret lookups the node protocol runs on each call, and a node's host (proxies).
 */
export {
  findNodeCredential,
  findNodeHost,
  findNodeIdBySecretHash,
  listNodePortRanges,
  markNodeSeen,
} from './queries.js';
