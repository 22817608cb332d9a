import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** A proxy of the user's as the checker module dials it: its node's host and its own listener. */
export interface CheckableProxyRow {
  id: string;
  host: string;
  port: number;
  username: string;
  password: string;
  protocol: 'http' | 'socks5';
  type: string;
  key_id: string | null;
  package_name: string | null;
  ipv4_fallback: boolean;
}

/** The user's proxies among `ids` (ids of others are simply absent), with their node's host. */
export async function findUserProxiesToCheck(db: DbOrTx, userId: string, ids: string[]): Promise<CheckableProxyRow[]> {
  return queryRows<CheckableProxyRow>(
    db,
    sql`select p.id, s.host, p.port, p.username, p.password, p.protocol, p.type, p.key_id, p.package_name,
          p.ipv4_fallback
        from proxies p join nodes s on s.id = p.node_id
        where p.user_id = ${userId} and p.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
}
