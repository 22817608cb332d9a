export * from './sites.js';
export * from './users.js';
export * from './security.js';
export * from './ledger.js';
