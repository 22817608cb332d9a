import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/**
 * Success top-ups whose ledger does not add up: not exactly one credit row of their amount, or a
 * bonus without its one promotion row. "Exactly once", checked (npm run audit:ledger).
 */
export async function findTopupMismatches(
  db: DbOrTx,
): Promise<{ id: string; amount: number; bonus: number; credited: number; promoted: number; rows: number }[]> {
  const rows = await queryRows<{
    id: string;
    amount: string | number;
    bonus: string | number;
    credited: string | number;
    promoted: string | number;
    rows: string | number;
  }>(
    db,
    sql`select t.id, t.amount, t.bonus,
          coalesce(sum(x.amount) filter (where x.type <> 'promotion'), 0) as credited,
          coalesce(sum(x.amount) filter (where x.type = 'promotion'), 0) as promoted,
          count(x.id) as rows
        from topups t left join transactions x on x.ref_type = 'topup' and x.ref_id = t.id::text
        group by t.id, t.status, t.amount, t.bonus
        having (t.status = 'success' and (
                 coalesce(sum(x.amount) filter (where x.type <> 'promotion'), 0) <> t.amount
              or coalesce(sum(x.amount) filter (where x.type = 'promotion'), 0) <> t.bonus
              or count(x.id) <> case when t.bonus > 0 then 2 else 1 end))
            or (t.status <> 'success' and count(x.id) > 0)`,
  );
  return rows.map((r) => ({
    id: r.id,
    amount: Number(r.amount),
    bonus: Number(r.bonus),
    credited: Number(r.credited),
    promoted: Number(r.promoted),
    rows: Number(r.rows),
  }));
}
