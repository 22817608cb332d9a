import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** docs/money.md#ledger: users whose balance is not the sum of their ledger amounts. */
export async function findLedgerMismatches(
  db: DbOrTx,
): Promise<{ id: string; email: string; balance: number; sum: number }[]> {
  const rows = await queryRows<{ id: string; email: string; balance: string | number; sum: string | number }>(
    db,
    sql`select u.id, u.email, u.balance, coalesce(sum(t.amount), 0) as sum
        from users u left join transactions t on t.user_id = u.id
        group by u.id, u.email, u.balance having u.balance <> coalesce(sum(t.amount), 0)`,
  );
  return rows.map((r) => ({ id: r.id, email: r.email, balance: Number(r.balance), sum: Number(r.sum) }));
}
