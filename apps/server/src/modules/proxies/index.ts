/**
 * The customer's proxy and key calls (`/api/{v6,v4}-proxy`, `/api/bought-proxy`, `/api/key`), one
 * file per use case: the list (`list-proxies.ts`, written by PostgreSQL) and export, auth IPs,
 * passwords, IP resets and rotation, get-new-ip, renewing chosen items (`renew.ts`), paste-to-act
 * (`match.ts`: the contract's `parseProxyLines`, then one query joining the pasted host:port pairs
 * to the user's proxies), and the links for tools (`issue-links.ts`, `follow-link.ts`,
 * `manage-list-links.ts`, `fetch-list.ts`, docs/tool-links.md). Exported here: a customer's proxy
 * scope (tags and the checker take it), the proxies the checker dials, the egress rotation the
 * rotation job runs, the tag column of proxies and keys that modules/tags reads and sets
 * (`tag-column.ts`), and the items in use the dashboard counts (`items-in-use.ts`).
 */
export type { ProxyScope } from './queries.js';
export { countTagged, lockUserKeys, lockUserProxiesOfType, setKeysTag, setProxiesTag, untagAll } from './tag-column.js';
export { countActiveItems, findExpiringItems, type ExpiringItem, type UserScope } from './items-in-use.js';
export { findUserProxiesToCheck, type CheckableProxyRow } from './proxies-to-check.js';
export { rotateEgress } from './rotate-egress.js';
