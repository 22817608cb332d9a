import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { proxies, subServers } from '../../db/schema/index.js';

type ProxyRow = typeof proxies.$inferSelect;

/**
 * The user's proxies (not the listeners of rotating keys) served at any of these host:port pairs,
 * in one statement: the pairs go in as one JSON parameter, joined on the node's host (lower-cased)
 * and the proxy's port. Locked proxies come too (their port may serve another proxy of the user
 * since; the caller prefers the live one).
 */
export async function findOwnProxiesAt(
  db: DbOrTx,
  userId: string,
  pairs: { host: string; port: number }[],
): Promise<{ p: ProxyRow; host: string }[]> {
  if (pairs.length === 0) {
    return [];
  }
  const wanted = sql`jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as w(host text, port int)`;
  return db
    .select({ p: proxies, host: subServers.host })
    .from(proxies)
    .innerJoin(subServers, eq(subServers.id, proxies.subServerId))
    .innerJoin(wanted, sql`w.host = lower(${subServers.host}) and w.port = ${proxies.port}`)
    .where(and(eq(proxies.userId, userId), isNull(proxies.keyId)));
}
