export * from './sites.js';
export * from './users.js';
export * from './security.js';
export * from './ledger.js';
export * from './catalog.js';
export * from './supply.js';
export * from './orders.js';
export * from './payments.js';
