import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** The statements two or more of the ledger's use cases share. */

/** The user's balance, or null when there is no such user. */
export async function balanceOf(tx: DbOrTx, userId: string): Promise<number | null> {
  const rows = await queryRows<{ balance: string | number }>(tx, sql`select balance from users where id = ${userId}`);
  const row = rows[0];
  return row ? Number(row.balance) : null;
}
