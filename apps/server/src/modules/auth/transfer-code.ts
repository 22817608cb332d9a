import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The user's transfer code, the reference of a bank transfer (modules/payments draws it). */

/** The user's transfer code: undefined when there is no such user, null while none is drawn. */
export async function findCodeBill(db: DbOrTx, userId: string): Promise<{ code: string | null } | undefined> {
  const rows = await db.select({ code: users.codeBill }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/** Sets the user's transfer code unless one is set; throws the unique violation of a drawn duplicate. */
export async function setCodeBillIfUnset(db: DbOrTx, userId: string, code: string): Promise<void> {
  await db
    .update(users)
    .set({ codeBill: code })
    .where(and(eq(users.id, userId), isNull(users.codeBill)));
}
