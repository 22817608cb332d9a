import { sql } from 'drizzle-orm';
import type { TransactionType } from '@proxy/contract';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** The reads behind the dashboard summary; every one is scoped to one user on one site. */

export interface Scope {
  userId: string;
  siteId: string;
}

export async function balanceOf(db: DbOrTx, s: Scope): Promise<number> {
  const rows = await queryRows<{ balance: string | number }>(
    db,
    sql`select balance from users where id = ${s.userId} and site_id = ${s.siteId}`,
  );
  return Number(rows[0]?.balance ?? 0);
}

/** Proxies (not behind a key) and keys in use, by product. */
export async function activeCounts(db: DbOrTx, s: Scope): Promise<{ product: string; n: number }[]> {
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

export interface ExpiringUnit {
  id: string;
  product: 'v6' | 'v4' | 'key';
  country: string;
  expires_at: string | Date;
  is_package: boolean;
}

/** Units in use that expire by `until`, soonest first (at most `limit` of each kind). */
export async function expiringUnits(db: DbOrTx, s: Scope, until: Date, limit: number): Promise<ExpiringUnit[]> {
  const at = until.toISOString();
  return queryRows<ExpiringUnit>(
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

/** The signed sum of the user's ledger rows of these types since `from`. */
export async function ledgerSum(db: DbOrTx, s: Scope, types: readonly TransactionType[], from: Date): Promise<number> {
  const list = sql.join(
    types.map((x) => sql`${x}`),
    sql`, `,
  );
  const rows = await queryRows<{ total: string | number | null }>(
    db,
    sql`select coalesce(sum(amount), 0) as total from transactions
          where user_id = ${s.userId} and site_id = ${s.siteId} and type in (${list})
            and created_at >= ${from.toISOString()}::timestamptz`,
  );
  return Number(rows[0]?.total ?? 0);
}
