import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

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
  const ids = sql.join(
    [...new Set(proxyIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    with ins as (
      insert into proxy_events (sub_server_id, proxy_id)
      select sub_server_id, id from proxies where id in (${ids})
      returning sub_server_id
    )
    select pg_notify(${PROXY_CHANGES_CHANNEL}, n.sub_server_id::text) from (select distinct sub_server_id from ins) n`);
}
