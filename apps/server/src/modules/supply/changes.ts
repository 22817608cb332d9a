import type { DbOrTx } from '../../db/client.js';
import { insertProxyEventsAndNotify } from './repository/index.js';

export const PROXY_CHANGES_CHANNEL = 'proxy_changes';

/**
 * Records that proxies changed (credentials, auth IPs, status, expiry, egress, quota), in the
 * caller's transaction, and wakes the nodes' change streams. NOTIFY is transactional: listeners
 * hear of it only once the change is committed, and not at all if it rolls back.
 */
export async function recordProxyChanges(tx: DbOrTx, proxyIds: string[]): Promise<void> {
  if (proxyIds.length === 0) {
    return;
  }
  await insertProxyEventsAndNotify(tx, PROXY_CHANGES_CHANNEL, [...new Set(proxyIds)]);
}
