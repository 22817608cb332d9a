import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { proxies, subServers } from '../../db/schema/index.js';

export interface MatchRow {
  id: string;
  type: 'v6' | 'v4';
  host: string;
  port: number;
  username: string;
  password: string;
  locked: boolean;
}

/**
 * The user's proxies (not the listeners of rotating keys) served at any of these host:port pairs,
 * in one statement (only the columns matching needs): the pairs go in as one JSON parameter, joined on the node's host (lower-cased)
 * and the proxy's port. Locked proxies come too (their port may serve another proxy of the user
 * since; the caller prefers the live one).
 */
export async function findOwnProxiesAt(
  db: DbOrTx,
  userId: string,
  pairs: { host: string; port: number }[],
): Promise<MatchRow[]> {
  if (pairs.length === 0) {
    return [];
  }
  const wanted = sql`jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as w(host text, port int)`;
  return db
    .select({
      id: proxies.id,
      type: proxies.type,
      host: subServers.host,
      port: proxies.port,
      username: proxies.username,
      password: proxies.password,
      locked: sql<boolean>`${proxies.status} = 'locked'`,
    })
    .from(proxies)
    .innerJoin(subServers, eq(subServers.id, proxies.subServerId))
    .innerJoin(wanted, sql`w.host = lower(${subServers.host}) and w.port = ${proxies.port}`)
    .where(and(eq(proxies.userId, userId), isNull(proxies.keyId)));
}
