/**
 * The customer's proxy and key calls (`/api/{v6,v4}-proxy`, `/api/bought-proxy`, `/api/key`):
 * lists and export (`service.ts`, `export.ts`), auth IPs, passwords, IP reset and rotation,
 * get-new-ip (`operations.ts`), renewing chosen items (`renew.ts`), and paste-to-act (`match*.ts`:
 * the contract's `parseProxyLines`, then one query joining the pasted host:port pairs to the user's
 * proxies), and the links for tools (`tool-links*.ts`: change-IP, current-proxy and list URLs,
 * docs/tool-links.md). Exported here: a customer's proxy scope (tags and the checker take it), the proxies
 * the checker dials, the egress rotation the rotation job runs, and the tag column of proxies and
 * keys that modules/tags reads and sets (`tag-repository.ts`), and the items in use the dashboard
 * counts (`summary-repository.ts`).
 */
export type { ProxyScope } from './repository.js';
export {
  countTagged,
  lockUserKeys,
  lockUserProxiesOfType,
  setKeysTag,
  setProxiesTag,
  untagAll,
} from './tag-repository.js';
export { countActiveItems, findExpiringItems, type ExpiringItem, type UserScope } from './summary-repository.js';
export { findUserProxiesToCheck, type CheckableProxyRow } from './checkable-repository.js';
export { rotateEgress } from './operations.js';
