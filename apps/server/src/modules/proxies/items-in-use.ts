import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** The customer's items in use, as the dashboard summary counts them (modules/dashboard). */

/** One user on one site: the dashboard's reads are scoped to both. */
export interface UserScope {
  userId: string;
  siteId: string;
}

/** Proxies (not behind a key) and keys in use, by product. */
export async function countActiveItems(db: DbOrTx, s: UserScope): Promise<{ product: string; n: number }[]> {
  const rows = await queryRows<{ product: string; n: string | number }>(
    db,
    sql`select type as product, count(*) as n from proxies
          where user_id = ${s.userId} and site_id = ${s.siteId} and status = 'using' and key_id is null
          group by type
        union all
        select 'key' as product, count(*) as n from rotating_keys
          where user_id = ${s.userId} and site_id = ${s.siteId} and status = 'using'`,
  );
  return rows.map((r) => ({ product: r.product, n: Number(r.n) }));
}

export interface ExpiringItem {
  id: string;
  product: 'v6' | 'v4' | 'key';
  country: string;
  expires_at: string | Date;
  is_package: boolean;
}

/** Items in use that expire by `until`, soonest first (at most `limit` of each kind). */
export async function findExpiringItems(db: DbOrTx, s: UserScope, until: Date, limit: number): Promise<ExpiringItem[]> {
  const at = until.toISOString();
  return queryRows<ExpiringItem>(
    db,
    sql`(select id, type as product, country, expires_at, package_name is not null as is_package from proxies
          where user_id = ${s.userId} and site_id = ${s.siteId} and status = 'using' and key_id is null
            and expires_at <= ${at}::timestamptz
          order by expires_at, id limit ${limit})
        union all
        (select id, 'key' as product, country, expires_at, false as is_package from rotating_keys
          where user_id = ${s.userId} and site_id = ${s.siteId} and status = 'using'
            and expires_at <= ${at}::timestamptz
          order by expires_at, id limit ${limit})`,
  );
}
