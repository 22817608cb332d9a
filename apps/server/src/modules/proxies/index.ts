/**
 * The proxies module's public surface: a customer's proxy scope (tags and the checker filter by
 * it), the proxies the checker dials, and the egress rotation the rotation job runs.
 */
export { scopeFilter, type ProxyScope } from './repository.js';
export { findUserProxiesToCheck, type CheckableProxyRow } from './checkable-repository.js';
export { rotateEgress } from './operations.js';
