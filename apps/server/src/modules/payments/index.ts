/** Top-ups as jobs and the audit see them; the calls are its routes (routes.ts, registered by app.ts). */
export { reconcileTopups } from './reconciler.js';
export { findTopupMismatches } from './repository.js';
