/** Every SQL statement of the node admin: nodes, their port ranges and their egress addresses. */
export * from './egress.js';
export * from './nodes.js';
