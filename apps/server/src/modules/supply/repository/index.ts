/** Every SQL statement of the supply module: nodes and their ports, egress pools, the change log and traffic, the jobs' sweeps. */
export * from './events.js';
export * from './jobs.js';
export * from './nodes.js';
export * from './pools.js';
