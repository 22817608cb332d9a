import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/**
 * docs/money.md#agency: commissions paid other than once. Every recorded deposit with a commission
 * has exactly one `agency_commission` ledger row of that amount, no such row lacks its deposit,
 * and every deposit is of a successful top-up.
 */
export async function findCommissionMismatches(
  db: DbOrTx,
): Promise<{ topupId: string; commission: number; paid: number; rows: number }[]> {
  const rows = await queryRows<{
    topup_id: string;
    commission: string | number;
    paid: string | number;
    rows: string | number;
  }>(
    db,
    sql`select coalesce(d.topup_id::text, x.ref_id) as topup_id, coalesce(d.commission, 0) as commission,
               coalesce(x.paid, 0) as paid, coalesce(x.n, 0) as rows
        from agency_deposits d
        full join (select ref_id, sum(amount) as paid, count(*) as n from transactions
                   where ref_type = 'agency_commission' group by ref_id) x on x.ref_id = d.topup_id::text
        left join topups t on t.id = d.topup_id
        where d.topup_id is null
           or coalesce(t.status, '') <> 'success'
           or coalesce(x.paid, 0) <> d.commission
           or coalesce(x.n, 0) <> (case when d.commission > 0 then 1 else 0 end)`,
  );
  return rows.map((r) => ({
    topupId: r.topup_id,
    commission: Number(r.commission),
    paid: Number(r.paid),
    rows: Number(r.rows),
  }));
}
