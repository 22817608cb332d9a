/** Every SQL statement of the node admin on nodes; their ports and addresses are allocation's. */
export * from './nodes.js';
