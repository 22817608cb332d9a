import { sql } from 'drizzle-orm';
import type { TransactionType } from '@proxy/contract';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** The signed sum of the user's ledger rows of these types since `from`. */
export async function ledgerSum(
  db: DbOrTx,
  s: { userId: string; siteId: string },
  types: readonly TransactionType[],
  from: Date,
): Promise<number> {
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
