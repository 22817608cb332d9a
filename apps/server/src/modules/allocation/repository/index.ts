/** Every SQL statement of the allocation module: port and egress claims, and the jobs' sweeps. */
export * from './jobs.js';
export * from './pools.js';
