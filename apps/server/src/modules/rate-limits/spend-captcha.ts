import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** Records a captcha solution as spent; false when it already was (a replay). */
export async function spendCaptchaSolution(db: DbOrTx, signature: string, expiresAt: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`
    insert into used_captchas (signature, expires_at) values (${signature}, ${expiresAt})
    on conflict (signature) do nothing returning signature`,
  );
  return rows.length > 0;
}
